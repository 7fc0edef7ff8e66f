import DeepLinkAssociation
import DeepLinkCore

/// What the health page shows of the running server, gathered once at start: the link host and
/// website, the database (password hidden), the config's apps, hosts and routes, and the
/// association files exactly as the server serves them. `Sendable`.
struct DashboardHealth: @unchecked Sendable {
    /// The page's values; only strings, arrays and dictionaries of them, never changed after `init`.
    let values: [String: Any]

    init(configuration: ServerConfiguration, setup: DeepLinkSetup) {
        let config = configuration.deepLinkConfig
        var values: [String: Any] = [
            "linkHost": setup.linkHost ?? "(not set: server.publicHost)", "websiteHost": setup.websiteHost ?? "(none)",
            "database": configuration.database.description, "hosts": config.hosts,
        ]
        values["routes"] = config.routes.map { route -> [String: String] in
            let destination = route.destination
            var opens = destination.className ?? destination.identifier ?? ""
            if !destination.handlers.isEmpty { opens += (opens.isEmpty ? "" : " · ") + "handlers: " + destination.handlers.joined(separator: ", ") }
            return ["pattern": "\(route.pattern)", "destination": opens.isEmpty ? "—" : opens]
        }
        var apps: [String] = []
        var files: [[String: String]] = []
        if let settings = setup.apps.settings {
            apps += settings.iosApps.map { "iOS \($0.appID)" }
            apps += settings.androidApps.map { "Android \($0.package)" }
            let generated = (try? AssociationGenerator(settings: settings).files()) ?? []
            for file in generated where file.kind == .appleAppSiteAssociation || file.kind == .assetLinks {
                let path = file.kind == .assetLinks ? "/.well-known/assetlinks.json" : "/.well-known/apple-app-site-association"
                files.append(["path": path, "host": file.host ?? "", "contents": file.contents, "url": path])
            }
        }
        values["apps"] = apps
        values["files"] = files
        self.values = values
    }
}
