import Foundation

extension AppleAppSiteAssociation {
    /// The most automaton steps one ``match(_:appID:format:)`` takes before it gives up: far
    /// more than any file iOS accepts needs, so only a hostile file reaches it.
    public static let matchingStepLimit = 10_000_000

    /// Decides what a URL does for an app, as Apple's `swcd` does: the `details` entries that
    /// name the app (in `appIDs`, or `appID` without `appIDs`; ``AASADetails/names(_:format:)``) are read in order, their rules in order, and the
    /// first rule whose every specified component matches decides. After
    /// ``matchingStepLimit`` steps the answer is `no_match`, with a reason that says so.
    /// - Parameters:
    ///   - url: The tapped URL.
    ///   - appID: The app's ID, `TEAMID.bundle.id`.
    ///   - format: Which rules the system reads; `.components` for iOS 13 and later.
    public func match(_ url: URL, appID: String, format: AASAFormat = .components) -> AASAMatch {
        match(url, appID: appID, format: format, stepLimit: Self.matchingStepLimit)
    }

    func match(_ url: URL, appID: String, format: AASAFormat, stepLimit: Int) -> AASAMatch {
        let entries = details.filter { $0.names(appID, format: format) }
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
        var budget = MatchBudget(remaining: stepLimit)
        for entry in entries {
            for rule in entry.rules(for: format) {
                checked += 1
                let matched = rule.matches(parts, budget: &budget)
                if budget.isSpent {
                    return AASAMatch(
                        decision: .noMatch, rule: nil,
                        reason: "gave up at \(rule.jsonPath) after \(stepLimit) matching steps: the file's patterns are too "
                            + "complex to decide")
                }
                guard matched else { continue }
                let decision: AASADecision = rule.isExclusion ? .exclude : .match
                let effect = rule.isExclusion ? "keeps the URL on the web" : "opens the app"
                return AASAMatch(decision: decision, rule: rule, reason: "\(rule.jsonPath) matched first and \(effect)")
            }
        }
        let what = format == .legacyPaths ? "legacy paths" : "rules"
        return AASAMatch(decision: .noMatch, rule: nil, reason: "none of the \(checked) \(what) for \(appID) matched")
    }
}
