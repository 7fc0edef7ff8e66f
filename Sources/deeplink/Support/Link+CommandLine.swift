import DeepLinkCore
import DeepLinkServer
import DeepLinkService

extension Link {
    /// Every field of the link, one per line under the admin API's JSON path (`deepLink`,
    /// `fallbacks.webURL`, ...), `-` where unset, so what `links show` prints names what
    /// `links update` and the API change.
    /// - Parameter origin: The host short links live on, for the `url` line.
    func humanDescription(origin: ShortLinkOrigin?) -> String {
        let order = ["code", "url", "deepLink", "campaign", "note", "tags", "expiresAt", "fallbacks", "preview", "utm", "createdAt", "updatedAt"]
        let members = json(origin: origin).objectValue ?? [:]
        let keys = order.filter { members[$0] != nil } + members.keys.filter { !order.contains($0) }.sorted()
        let rows = keys.flatMap { key -> [(String, JSONValue)] in
            guard let group = members[key]?.objectValue else { return [(key, members[key] ?? .null)] }
            return group.keys.sorted().map { ("\(key).\($0)", group[$0] ?? .null) }
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { path, value in
            path + ":" + String(repeating: " ", count: width - path.count + 2) + (value.stringValue ?? Self.listText(value) ?? Self.boolText(value) ?? "-")
        }.joined(separator: "\n")
    }

    /// `true` or `false`, as `passwordProtected` is.
    private static func boolText(_ value: JSONValue) -> String? {
        if case .bool(let flag) = value { return flag ? "true" : "false" }
        return nil
    }

    /// A JSON array of strings as `a, b`, an array of objects (the targets) as its JSON text, or
    /// `nil` for anything else or an empty array.
    private static func listText(_ value: JSONValue) -> String? {
        guard case .array(let items) = value, !items.isEmpty else { return nil }
        if items.allSatisfy({ $0.stringValue != nil }) { return items.compactMap(\.stringValue).joined(separator: ", ") }
        return JSONWriter.write(value)
    }
}
