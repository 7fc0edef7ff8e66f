import DeepLinkAssociation
import Foundation

extension DeepLinkSetup {
    /// Checks that a Firebase long link names only the config's apps: `apn` one of its Android
    /// packages, `isi` one of its App Store IDs, `ibi` one of its iOS bundle IDs (compared without
    /// case). Anyone can write a long link on the link domain, and Firebase opened only the apps
    /// registered in the project; without this check a long link could send users to another
    /// app's intent and store page under the brand's domain.
    /// - Parameter query: The long link's query items.
    /// - Throws: ``LinkServerError`` with code `invalid-field` naming the parameter and the values allowed.
    package func checkApps(in query: [URLQueryItem]) throws(LinkServerError) {
        let settings = apps.errors.isEmpty ? apps.settings : nil
        for item in query {
            guard let value = item.value, !value.isEmpty else { continue }
            let what: String
            let allowed: [String]
            switch item.name {
            case "apn": (what, allowed) = ("Android packages", settings?.androidApps.map(\.package) ?? [])
            case "isi": (what, allowed) = ("App Store IDs", settings?.iosApps.compactMap(\.appStoreID) ?? [])
            case "ibi": (what, allowed) = ("iOS bundle IDs", settings?.iosApps.map(\.bundleID) ?? [])
            default: continue
            }
            let matches = { (app: String) in item.name == "ibi" ? app.caseInsensitiveCompare(value) == .orderedSame : app == value }
            guard !allowed.contains(where: matches) else { continue }
            let choices = allowed.isEmpty ? "the config's apps section lists none" : "allowed: \(allowed.joined(separator: ", "))"
            throw LinkServerError(
                code: .invalidField,
                message: "\(item.name)=\(value) is not one of the config's \(what) (\(choices)); a long link may only open the config's apps",
                field: item.name)
        }
    }
}
