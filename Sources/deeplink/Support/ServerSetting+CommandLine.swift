import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

extension ServerSetting {
    /// A setting given on the command line, with its text.
    typealias Given = (setting: ServerSetting, text: String)

    /// The settings whose flag was given.
    static func given(_ flags: [(ServerSetting, String?)]) -> [Given] {
        flags.compactMap { setting, text in text.map { (setting, $0) } }
    }

    /// The flag's help: what it sets, its default, and the config key and variable it overrides.
    /// - Parameters:
    ///   - valueName: The value's name in the usage line.
    ///   - repeatable: Whether the flag may be given more than once.
    func help(valueName: String, repeatable: Bool = false) -> ArgumentHelp {
        ArgumentHelp(
            "\(summary)\(repeatable ? "; repeatable" : ""). Default: \(defaultDescription). Overrides \(configKey) and \(environmentVariable).",
            valueName: valueName)
    }

    /// The help of a flag that takes no value.
    var switchHelp: ArgumentHelp {
        ArgumentHelp("\(summary). Overrides \(configKey) and \(environmentVariable)=true.")
    }

    /// Checks flags on their own, before the config is read, so a bad value is a usage error.
    /// - Throws: `ValidationError` naming the flag.
    static func validate(_ flags: [Given]) throws {
        var scratch = ServerConfiguration(deepLinkConfig: DeepLinkConfig())
        for (setting, text) in flags {
            do {
                try setting.apply(text: text, to: &scratch, relativeTo: URL(fileURLWithPath: "/"))
            } catch {
                throw ValidationError("\(setting.flagName): \(error.message)")
            }
        }
    }
}
