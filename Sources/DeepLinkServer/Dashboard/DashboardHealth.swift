import DeepLinkService
import DeepLinkAssociation
import DeepLinkCore
import Foundation

/// What the health page shows of the running server, gathered once at start: the link host and
/// website, the database (password hidden), the config's apps, hosts and routes, and the
/// association files exactly as the server serves them. `Sendable`.
struct DashboardHealth: @unchecked Sendable {
    /// The page's values; only strings, arrays and dictionaries of them, never changed after `init`.
    let values: [String: Any]
    /// The public host `deeplink doctor` checks from the page, `https://HOST`.
    let publicSite: URL?
    /// The config's `apps` section, which the doctor compares the live files with.
    let settings: AssociationSettings?
    /// The host of `apps.hosts` whose files the public host serves: itself when listed there,
    /// else the first (the server answers unknown hosts with its files).
    let configHost: String?

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
        publicSite = setup.linkHost.flatMap { URL(string: "https://\($0)") }
        settings = setup.apps.settings
        let hosts = settings?.hosts.map(\.host) ?? []
        configHost = setup.linkHost.map { $0.lowercased() }.flatMap { hosts.contains($0) ? nil : hosts.first }
    }

    /// Runs `deeplink doctor` against the public host now, as Apple's and Google's fetchers would
    /// read its files (5 s per file), for the page: one entry per file with its checks.
    func doctor() async -> (site: String, passed: Bool, files: [[String: Any]])? {
        guard let publicSite else { return nil }
        let doctor = AssociationDoctor(fetcher: URLSessionAssociationFileFetcher(timeout: 5))
        let report: DoctorReport
        do {
            report = try await doctor.examine(publicSite, settings: settings, configHost: configHost)
        } catch {
            return (publicSite.absoluteString, false, [["url": publicSite.absoluteString, "checks": [["status": "fail", "message": error.message]]]])
        }
        let files = report.files.map { file -> [String: Any] in
            [
                "url": file.url.absoluteString, "optional": file.isOptional,
                "checks": file.checks.filter { $0.status != .skip }.map { check -> [String: Any] in
                    var entry: [String: Any] = ["status": check.status.rawValue, "name": check.name, "message": check.message]
                    entry["fix"] = check.fix
                    return entry
                },
            ]
        }
        return (publicSite.absoluteString, report.passed, files)
    }
}
