import DeepLinkAppLinks
import DeepLinkAssociation
import DeepLinkCore
import Foundation

// Routes one link with the example config, as an app would at launch.
let configURL = URL(fileURLWithPath: CommandLine.arguments[1])
let router = try RouterBuilder(config: DeepLinkConfig.load(contentsOf: configURL)).build()
print(router.match(URL(string: "shop://sales/3")!).outcome.rawValue)
