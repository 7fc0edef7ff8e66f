import Foundation

extension AppleAppSiteAssociation {
    /// Decides what a URL does for an app, as Apple's `swcd` does: the `details` entries that
    /// name the app are read in order, their rules in order, and the first rule whose every
    /// specified component matches decides.
    /// - Parameters:
    ///   - url: The tapped URL.
    ///   - appID: The app's ID, `TEAMID.bundle.id`.
    ///   - format: Which rules the system reads; `.components` for iOS 13 and later.
    public func match(_ url: URL, appID: String, format: AASAFormat = .components) -> AASAMatch {
        let entries = details.filter { $0.names(appID, for: format) }
        guard !entries.isEmpty else {
            return AASAMatch(decision: .noMatch, rule: nil, reason: "no details entry names the app ID \(appID)")
        }
        let parts: AASAURLComponents
        do {
            parts = try AASAURLComponents(url)
        } catch {
            return AASAMatch(decision: .noMatch, rule: nil, reason: error.message)
        }
        var checked = 0
        for entry in entries {
            for rule in entry.rules(for: format) {
                checked += 1
                guard rule.matches(parts) else { continue }
                let decision: AASADecision = rule.isExclusion ? .exclude : .match
                let effect = rule.isExclusion ? "keeps the URL on the web" : "opens the app"
                return AASAMatch(decision: decision, rule: rule, reason: "\(rule.jsonPath) matched first and \(effect)")
            }
        }
        let what = format == .legacyPaths ? "legacy paths" : "rules"
        return AASAMatch(decision: .noMatch, rule: nil, reason: "none of the \(checked) \(what) for \(appID) matched")
    }
}
