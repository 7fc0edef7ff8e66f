import DeepLinkCore
import Foundation

extension AssetLinkStatementList {
    /// Android 15's `dynamic_app_link_components` of the first statement that carries them, as
    /// rules to decide with as the verifier does: the first matching rule decides.
    public var androidDynamicRules: [AASARule] {
        for statement in statements {
            guard case .object(let extensions)? = statement.relationExtensions,
                case .object(let handleAll)? = extensions[AssetLinkStatement.handleAllURLs],
                case .array(let rules)? = handleAll["dynamic_app_link_components"]
            else { continue }
            return rules.compactMap { rule in
                guard case .object(let object) = rule else { return nil }
                let path = object["/"]?.stringValue.map { AASAPattern($0, variables: nil) }
                let query = object["?"]?.objectValue.map { items in
                    AASARule.Query.items(
                        items.sorted { $0.key < $1.key }.compactMap { name, value in
                            value.stringValue.map { QueryItemPattern(name: name, value: AASAPattern($0, variables: nil)) }
                        })
                }
                let fragment = object["#"]?.stringValue.map { AASAPattern($0, variables: nil) }
                return AASARule(
                    path: path, query: query, fragment: fragment, isExclusion: object["exclude"] == .bool(true), source: rule)
            }
        }
        return []
    }

    /// Whether Android 15 and later open a URL of this file's host in the apps it lists, given
    /// that an intent filter of the app matches it: with dynamic rules, the first matching rule
    /// decides and none matching keeps the URL in the browser; without them, every URL opens.
    /// - Parameter url: An https URL of the file's host.
    public func androidOpensApp(for url: URL) -> Bool {
        let rules = androidDynamicRules
        guard !rules.isEmpty else { return true }
        guard let parts = try? AASAURLComponents(url), let decider = rules.first(where: { $0.matches(parts) }) else { return false }
        return !decider.isExclusion
    }
}
