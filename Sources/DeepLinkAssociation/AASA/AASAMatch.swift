import DeepLinkCore

/// What Apple's matcher decides for one URL and app, and the rule that decided.
public struct AASAMatch: Sendable, Hashable, CustomStringConvertible {
    /// Whether the URL opens the app.
    public let decision: AASADecision
    /// The first rule that matched, or `nil` when none did.
    public let rule: AASARule?
    /// Why, in one sentence.
    public let reason: String

    /// Creates a result.
    /// - Parameters:
    ///   - decision: Whether the URL opens the app.
    ///   - rule: The rule that decided.
    ///   - reason: Why, in one sentence.
    public init(decision: AASADecision, rule: AASARule?, reason: String) {
        self.decision = decision
        self.rule = rule
        self.reason = reason
    }

    /// `match: applinks.details[0].components[1] {"/":"/buy/*"}` or `no_match: …`.
    public var description: String {
        guard let rule else { return "\(decision.rawValue): \(reason)" }
        return "\(decision.rawValue): \(rule.jsonPath) \(rule.source.jsonText)"
    }

    /// `{"decision": …, "rule": {"path": …, "value": …} or null, "reason": …}` for `--json` output.
    public var jsonValue: JSONValue {
        let ruleValue: JSONValue =
            rule.map { rule in
                ["path": .string(rule.jsonPath.description), "value": rule.source]
            } ?? .null
        return ["decision": .string(decision.rawValue), "rule": ruleValue, "reason": .string(reason)]
    }
}
