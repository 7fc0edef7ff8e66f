import DeepLinkAssociation
import DeepLinkCore
import Foundation

/// What changes between two configs (`deeplink diff OLD NEW`): routes added, removed and changed
/// (pattern, parameters, destination, sign-in, origins, parent, handlers), and the lines that
/// change in each generated file (each host's association files, the entitlements, the URL types
/// and the Android intent filters). A `Sendable` value.
package struct ConfigDiff: Sendable {
    /// A route of both configs whose definition changed, and how.
    package struct ChangedRoute: Sendable, Hashable {
        /// The route key, as the new config writes it.
        package let route: String
        /// Each change: `parameters.saleId: regex [0-9]+ → type uuid`.
        package let changes: [String]
    }

    /// A generated file whose lines change.
    package struct ChangedFile: Sendable, Hashable {
        /// The file's path as `deeplink generate` writes it (host folder included).
        package let path: String
        /// Lines only the old config's file has.
        package let removed: [String]
        /// Lines only the new config's file has.
        package let added: [String]
    }

    /// Route keys only the new config has, in its order.
    package let addedRoutes: [String]
    /// Route keys only the old config has, in its order.
    package let removedRoutes: [String]
    /// Routes of both whose definition changed.
    package let changedRoutes: [ChangedRoute]
    /// Generated files that change (one only side generates lists every line).
    package let changedFiles: [ChangedFile]

    /// Whether nothing changes.
    package var isEmpty: Bool { addedRoutes.isEmpty && removedRoutes.isEmpty && changedRoutes.isEmpty && changedFiles.isEmpty }

    /// Compares two configs.
    /// - Parameters:
    ///   - old: The config in production.
    ///   - new: The next release's config.
    ///   - linkDomain: The link domain each config's server section names, for its files.
    /// - Throws: ``ConfigError`` or ``AssociationError`` when a config's files cannot be generated.
    package init(old: DeepLinkConfig, new: DeepLinkConfig, oldLinkDomain: LinkDomain? = nil, newLinkDomain: LinkDomain? = nil) throws {
        func byKey(_ config: DeepLinkConfig) -> [String: RouteDefinition] {
            Dictionary(config.routes.map { ($0.pattern.normalized, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let before = byKey(old)
        let after = byKey(new)
        addedRoutes = new.routes.filter { before[$0.pattern.normalized] == nil }.map(\.pattern.description)
        removedRoutes = old.routes.filter { after[$0.pattern.normalized] == nil }.map(\.pattern.description)
        changedRoutes = new.routes.compactMap { route in
            guard let previous = before[route.pattern.normalized] else { return nil }
            let changes = Self.changes(from: previous, in: old, to: route, in: new)
            return changes.isEmpty ? nil : ChangedRoute(route: route.pattern.description, changes: changes)
        }
        let oldFiles = try Self.files(old, linkDomain: oldLinkDomain)
        let newFiles = try Self.files(new, linkDomain: newLinkDomain)
        changedFiles = Set(oldFiles.keys).union(newFiles.keys).sorted().compactMap { path in
            let removed = Self.lines(oldFiles[path], without: newFiles[path])
            let added = Self.lines(newFiles[path], without: oldFiles[path])
            return removed.isEmpty && added.isEmpty ? nil : ChangedFile(path: path, removed: removed, added: added)
        }
    }

    /// The generated files of a config, by path: its association files and manifests, or the
    /// scheme-only files of a config without `apps`.
    private static func files(_ config: DeepLinkConfig, linkDomain: LinkDomain?) throws -> [String: String] {
        let apps = AssociationSettings.diagnose(config)
        let files =
            apps.settings == nil && apps.errors.isEmpty
            ? AssociationGenerator.schemeOnlyFiles(schemes: config.schemes)
            : try AssociationGenerator(config: config, linkDomain: linkDomain).files()
        return Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    /// The lines of a file that the other lacks, in order, blank lines and lone brackets left out;
    /// a JSON line's trailing comma is not a change of its own.
    private static func lines(_ text: String?, without other: String?) -> [String] {
        func normalized(_ line: Substring) -> String {
            var trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix(",") { trimmed.removeLast() }
            return trimmed
        }
        var remaining: [String: Int] = [:]
        for line in (other ?? "").split(separator: "\n") { remaining[normalized(line), default: 0] += 1 }
        var result: [String] = []
        for line in (text ?? "").split(separator: "\n") {
            let trimmed = normalized(line)
            if let count = remaining[trimmed], count > 0 {
                remaining[trimmed] = count - 1
                continue
            }
            guard !trimmed.isEmpty, !["{", "}", "[", "]"].contains(trimmed) else { continue }
            result.append(trimmed)
        }
        return result
    }

    /// How one route's definition changed, one line per difference.
    private static func changes(
        from old: RouteDefinition, in oldConfig: DeepLinkConfig, to new: RouteDefinition, in newConfig: DeepLinkConfig
    ) -> [String] {
        var changes: [String] = []
        func compare(_ what: String, _ before: String?, _ after: String?) {
            if before != after { changes.append("\(what): \(before ?? "none") → \(after ?? "none")") }
        }
        compare("key", old.pattern.description, new.pattern.description)
        compare("class", old.destination.className, new.destination.className)
        compare("identifier", old.destination.identifier, new.destination.identifier)
        compare("storyboard", storyboard(old.destination.storyboard), storyboard(new.destination.storyboard))
        compare("handlers", old.destination.handlers.joined(separator: ", "), new.destination.handlers.joined(separator: ", "))
        compare("requiresAuth", String(old.requiresAuth ?? oldConfig.requiresAuth), String(new.requiresAuth ?? newConfig.requiresAuth))
        compare("allowedOrigins", origins(old.allowedOrigins ?? oldConfig.allowedOrigins), origins(new.allowedOrigins ?? newConfig.allowedOrigins))
        compare("parent", old.parent, new.parent)
        let oldRules = Dictionary(old.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newRules = Dictionary(new.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(oldRules.keys).union(newRules.keys).sorted() {
            compare("parameters.\(name)", oldRules[name].map(rule), newRules[name].map(rule))
        }
        return changes
    }

    private static func rule(_ rule: ParameterRule) -> String {
        var parts: [String] = []
        if rule.isRequired { parts.append("required") }
        if rule.type != .string { parts.append("type \(rule.type)") }
        if let pattern = rule.pattern { parts.append("regex \(pattern.source)") }
        return parts.isEmpty ? "any value" : parts.joined(separator: ", ")
    }

    private static func storyboard(_ names: StoryboardNames?) -> String? {
        guard let names else { return nil }
        return [names.iPhone.map { "iPhone \($0)" }, names.iPad.map { "iPad \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }

    private static func origins(_ origins: Set<LinkOrigin>) -> String {
        origins.map(\.rawValue).sorted().joined(separator: ", ")
    }

    /// The diff as JSON: `{"routes": {"added", "removed", "changed": [{"route", "changes"}]}, "files": [{"path", "removed", "added"}]}`.
    package var jsonValue: JSONValue {
        [
            "routes": [
                "added": .array(addedRoutes.map(JSONValue.string)), "removed": .array(removedRoutes.map(JSONValue.string)),
                "changed": .array(changedRoutes.map { ["route": .string($0.route), "changes": .array($0.changes.map(JSONValue.string))] }),
            ],
            "files": .array(
                changedFiles.map {
                    ["path": .string($0.path), "removed": .array($0.removed.map(JSONValue.string)), "added": .array($0.added.map(JSONValue.string))]
                }),
        ]
    }

    /// The diff for people.
    package var summary: String {
        guard !isEmpty else { return "no change in routes or generated files" }
        var lines: [String] = []
        if !addedRoutes.isEmpty { lines.append("routes added:"); lines += addedRoutes.map { "  + \($0)" } }
        if !removedRoutes.isEmpty { lines.append("routes removed:"); lines += removedRoutes.map { "  - \($0)" } }
        if !changedRoutes.isEmpty {
            lines.append("routes changed:")
            for route in changedRoutes { lines.append("  ~ \(route.route)"); lines += route.changes.map { "      \($0)" } }
        }
        for file in changedFiles {
            lines.append("\(file.path):")
            lines += file.removed.map { "  - \($0)" } + file.added.map { "  + \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
