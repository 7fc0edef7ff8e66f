import DeepLinkCore
import Foundation

/// One check the doctor ran on a live file.
public struct DoctorCheck: Sendable, Hashable {
    /// How the check came out.
    public enum Status: String, Sendable, Hashable {
        /// The platforms would accept this aspect.
        case pass
        /// The platforms would reject the file, or the file does not say what the config says.
        case fail
        /// Works, but worth fixing; also a failure at an optional location.
        case warning
        /// Not checked, because an earlier check failed or nothing was expected.
        case skip
    }

    /// The check's stable name: `reachable`, `https`, `no-redirect`, `status`, `content-type`,
    /// `size`, `valid-json`, `app-ids`, `fingerprints`, `matches-config`, `web-equivalent`.
    public let name: String
    /// How it came out.
    public let status: Status
    /// What was found.
    public let message: String
    /// What to do, for a failure or warning.
    public let fix: String?

    /// Creates a check.
    /// - Parameters:
    ///   - name: The check's stable name.
    ///   - status: How it came out.
    ///   - message: What was found.
    ///   - fix: What to do.
    public init(name: String, status: Status, message: String, fix: String? = nil) {
        self.name = name
        self.status = status
        self.message = message
        self.fix = fix
    }

    /// The check as JSON: `name`, `status`, `message` and `fix` when there is one.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["name": .string(name), "status": .string(status.rawValue), "message": .string(message)]
        if let fix { object["fix"] = .string(fix) }
        return .object(object)
    }
}

/// The checks of one live file.
public struct DoctorFileReport: Sendable, Hashable {
    /// The file's URL.
    public let url: URL
    /// Which file it is.
    public let kind: GeneratedFile.Kind
    /// Whether the platforms also read the file from another location, so failures here are warnings.
    public let isOptional: Bool
    /// The checks, in the order they ran.
    public let checks: [DoctorCheck]

    /// Creates a file report.
    /// - Parameters:
    ///   - url: The file's URL.
    ///   - kind: Which file it is.
    ///   - isOptional: Whether failures here are only warnings.
    ///   - checks: The checks.
    public init(url: URL, kind: GeneratedFile.Kind, isOptional: Bool, checks: [DoctorCheck]) {
        self.url = url
        self.kind = kind
        self.isOptional = isOptional
        self.checks = checks
    }

    /// Whether any check failed.
    public var hasFailures: Bool { checks.contains { $0.status == .fail } }
}

/// Everything `deeplink doctor` found for one domain.
public struct DoctorReport: Sendable, Hashable {
    /// The site that was examined, `https://HOST`.
    public let site: URL
    /// The files, in the order they were fetched.
    public let files: [DoctorFileReport]
    /// One `web-equivalent` check per universal-link route, when a config was given: the route's
    /// sample URL must load on the site without the app.
    public let webEquivalents: [DoctorCheck]

    /// Creates a report.
    /// - Parameters:
    ///   - site: The site that was examined.
    ///   - files: The files.
    ///   - webEquivalents: The checks of the routes' web pages.
    public init(site: URL, files: [DoctorFileReport], webEquivalents: [DoctorCheck] = []) {
        self.site = site
        self.files = files
        self.webEquivalents = webEquivalents
    }

    /// Whether no check failed.
    public var passed: Bool {
        !files.contains(where: \.hasFailures) && !webEquivalents.contains { $0.status == .fail }
    }

    /// One line per check, `PASS`/`FAIL`/`WARN`/`SKIP`, with the fix under each failure.
    public var text: String {
        var lines: [String] = []
        func add(_ checks: [DoctorCheck]) {
            for check in checks {
                let label = ["pass": "PASS", "fail": "FAIL", "warning": "WARN", "skip": "SKIP"][check.status.rawValue] ?? ""
                lines.append("  \(label) \(check.name): \(check.message)")
                if let fix = check.fix, check.status == .fail || check.status == .warning {
                    lines.append("       fix: \(fix)")
                }
            }
        }
        for file in files {
            lines.append("\(file.url.absoluteString)\(file.isOptional ? " (fallback location)" : "")")
            add(file.checks)
        }
        if !webEquivalents.isEmpty {
            lines.append("web pages of the universal-link routes")
            add(webEquivalents)
        }
        lines.append(passed ? "All required checks passed." : "Some checks failed.")
        return lines.joined(separator: "\n")
    }

    /// `{"site": …, "passed": …, "files": [{"url", "kind", "optional", "checks": […]}], "webEquivalents": […]}`.
    public var jsonValue: JSONValue {
        [
            "site": .string(site.absoluteString), "passed": .bool(passed),
            "files": .array(
                files.map { file in
                    [
                        "url": .string(file.url.absoluteString), "kind": .string(file.kind.rawValue),
                        "optional": .bool(file.isOptional), "checks": .array(file.checks.map(\.jsonValue)),
                    ]
                }),
            "webEquivalents": .array(webEquivalents.map(\.jsonValue)),
        ]
    }
}
