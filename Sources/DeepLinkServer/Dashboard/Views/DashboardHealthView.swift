import Mustache

/// The values of `health.mustache`: the link host, website, database and number of links, the
/// config's apps, hosts and routes, the association files as served, and after a check the
/// doctor's findings.
struct DashboardHealthView: DashboardPageView {
    /// `health.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.health }

    /// A route of the config.
    struct Route {
        /// Its URL pattern.
        let pattern: String
        /// What it opens: a class or identifier and handlers, or a dash.
        let destination: String
    }

    /// An association file as the server serves it.
    struct AssociationFile {
        /// Its path: `/.well-known/assetlinks.json`.
        let path: String
        /// The host it is served for.
        let host: String
        /// Its contents.
        let contents: String
    }

    /// What `deeplink doctor` found at the public host.
    struct Doctor {
        /// A file the doctor fetched.
        struct File {
            /// Its URL.
            let url: String
            /// Whether a site may go without it.
            let optional: Bool
            /// The checks of it that ran.
            let checks: [Check]
        }

        /// A check of a file.
        struct Check {
            /// `pass`, `warning` or `fail`, which is also its badge's class.
            let status: String
            /// What it found.
            let message: String
            /// How to fix what failed.
            let fix: String?
        }

        /// The site checked: `https://HOST`.
        let site: String
        /// Whether every file passed.
        let passed: Bool
        /// The files, each with its checks.
        let files: [File]
    }

    /// The host of the short links, or why there is none.
    let linkHost: String
    /// The website's host, or `(none)`.
    let websiteHost: String
    /// The database, its password hidden.
    let database: String
    /// How many links there are, or why that is unknown.
    let linkCount: String
    /// The config's apps.
    let apps: [String]
    /// The config's hosts.
    let hosts: [String]
    /// The config's routes.
    let routes: [Route]
    /// What the doctor found, after a check.
    let doctor: Doctor?
    /// The association files as served.
    let files: [AssociationFile]
}
