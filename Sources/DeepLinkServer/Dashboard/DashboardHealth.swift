import DeepLinkService
import DeepLinkAssociation
import DeepLinkCore
import Foundation

/// What the health page shows of the running server, gathered once at start: the link host and
/// website, the database (password hidden), the config's apps, hosts and routes, and the
/// association files exactly as the server serves them. `Sendable`.
struct DashboardHealth: Sendable {
    /// The host of the short links, or why there is none.
    let linkHost: String
    /// The website's host, or `(none)`.
    let websiteHost: String
    /// The database, its password hidden.
    let database: String
    /// The config's apps: `iOS APP-ID`, `Android PACKAGE`.
    let apps: [String]
    /// The config's hosts.
    let hosts: [String]
    /// The config's routes.
    let routes: [DashboardHealthView.Route]
    /// The association files as the server serves them.
    let files: [DashboardHealthView.AssociationFile]
    /// The public host `deeplink doctor` checks from the page, `https://HOST`.
    let publicSite: URL?
    /// The config's `apps` section, which the doctor compares the live files with.
    let settings: AssociationSettings?
    /// The link domain, whose files list the apps for short links only.
    let linkDomain: LinkDomain?
    /// The doctor run under way, which every "Check now" that comes meanwhile shares.
    let doctorRuns = SharedRun<DashboardHealthView.Doctor?>()

    /// Gathers what the page shows.
    /// - Parameters:
    ///   - configuration: The server's settings.
    ///   - setup: What the server made of the config.
    init(configuration: ServerConfiguration, setup: DeepLinkSetup) {
        let config = configuration.deepLinkConfig
        linkHost = setup.linkHost ?? "(not set: server.publicHost)"
        websiteHost = setup.websiteHost ?? "(none)"
        database = configuration.database.description
        hosts = config.hosts
        routes = config.routes.map { route in
            let destination = route.destination
            var opens = destination.className ?? destination.identifier ?? ""
            if !destination.handlers.isEmpty { opens += (opens.isEmpty ? "" : " · ") + "handlers: " + destination.handlers.joined(separator: ", ") }
            return DashboardHealthView.Route(pattern: "\(route.pattern)", destination: opens.isEmpty ? "—" : opens)
        }
        var apps: [String] = []
        var files: [DashboardHealthView.AssociationFile] = []
        if let settings = setup.apps.settings {
            apps += settings.iosApps.map { "iOS \($0.appID)" }
            apps += settings.androidApps.map { "Android \($0.package)" }
            let generated = (try? AssociationGenerator(settings: settings, linkDomain: setup.linkDomain).files()) ?? []
            for file in generated where file.kind == .appleAppSiteAssociation || file.kind == .assetLinks {
                let path = file.kind == .assetLinks ? "/.well-known/assetlinks.json" : "/.well-known/apple-app-site-association"
                files.append(DashboardHealthView.AssociationFile(path: path, host: file.host ?? "", contents: file.contents))
            }
        }
        self.apps = apps
        self.files = files
        publicSite = setup.linkOrigin.flatMap { URL(string: $0.description) }
        settings = setup.apps.settings
        linkDomain = setup.linkDomain
    }

    /// The page's values.
    /// - Parameters:
    ///   - linkCount: How many links there are, or why that is unknown.
    ///   - doctor: What the doctor found, after a check.
    func view(linkCount: String, doctor: DashboardHealthView.Doctor?) -> DashboardHealthView {
        DashboardHealthView(
            linkHost: linkHost, websiteHost: websiteHost, database: database, linkCount: linkCount, apps: apps, hosts: hosts, routes: routes,
            doctor: doctor, files: files)
    }

    /// What `deeplink doctor` finds at the public host now, for the page: the run under way if
    /// there is one (so concurrent checks fetch the files once), else a new one (``doctor()``).
    func sharedDoctor() async -> DashboardHealthView.Doctor? {
        await doctorRuns.value { await doctor() }
    }

    /// Runs `deeplink doctor` against the public host now, as Apple's and Google's fetchers would
    /// read its files (5 s per file), for the page: one entry per file with its checks.
    func doctor() async -> DashboardHealthView.Doctor? {
        guard let publicSite else { return nil }
        let doctor = AssociationDoctor(fetcher: URLSessionAssociationFileFetcher(timeout: 5))
        let report: DoctorReport
        do {
            report = try await doctor.examine(publicSite, settings: settings, linkDomain: linkDomain)
        } catch {
            let failure = DashboardHealthView.Doctor.Check(status: "fail", message: error.message, fix: nil)
            return DashboardHealthView.Doctor(
                site: publicSite.absoluteString, passed: false,
                files: [DashboardHealthView.Doctor.File(url: publicSite.absoluteString, optional: false, checks: [failure])])
        }
        let files = report.files.map { file in
            DashboardHealthView.Doctor.File(
                url: file.url.absoluteString, optional: file.isOptional,
                checks: file.checks.filter { $0.status != .skip }.map {
                    DashboardHealthView.Doctor.Check(status: $0.status.rawValue, message: $0.message, fix: $0.fix)
                })
        }
        return DashboardHealthView.Doctor(site: publicSite.absoluteString, passed: report.passed, files: files)
    }
}
