extension ConfigReader {
    /// A route in the form nearly every config writes, read straight from the document's
    /// records: each member of the route and of its `routeParameters` known and written once,
    /// of the right type and not `null`; `class`, `identifier`, `handlers`, `routeParameters` and
    /// `requiresAuth` only. `nil` for anything else, which ``readRoute(_:)`` then reads, and
    /// reports on, as it always has; so the plain form adds no message of its own.
    ///
    /// The general reader lists the members of every object it reads as an array, each member
    /// holding its document, then looks each key up by name: 60% of a 10,000-route config's load
    /// (callgrind). This reads each member once, in place.
    func plainRoute(_ member: JSONMember) -> RouteDefinition? {
        let document = member.value.document
        let route = document.records[Int(member.value.index)]
        guard route.kind == .object, let pattern = try? RoutePattern(member.key, location: member.keyLocation, path: { member.value.path })
        else { return nil }
        var seen = KnownKeys()
        var className: String?
        var identifier: String?
        var handlers: [String] = []
        var parameters: [ParameterRule] = []
        var requiresAuth: Bool?
        for child in document.children(of: route) {
            let record = document.records[Int(child)]
            switch document.strings[Int(record.step)] {
            case "class":
                guard seen.insert(.className), let text = document.nonEmptyString(record) else { return nil }
                className = text
            case "identifier":
                guard seen.insert(.identifier), let text = document.nonEmptyString(record) else { return nil }
                identifier = text
            case "handlers":
                guard seen.insert(.handlers), let names = plainHandlers(record, in: document) else { return nil }
                handlers = names
            case "routeParameters":
                guard seen.insert(.routeParameters), let rules = plainParameters(record, in: document) else { return nil }
                parameters = rules
            case "requiresAuth":
                guard seen.insert(.requiresAuth), record.kind == .bool else { return nil }
                requiresAuth = record.payload != 0
            default:
                return nil
            }
        }
        guard className != nil || !handlers.isEmpty else { return nil }
        return RouteDefinition(
            pattern: pattern, destination: RouteDestination(className: className, identifier: identifier, handlers: handlers),
            parameters: parameters, requiresAuth: requiresAuth, location: member.keyLocation)
    }

    /// A `handlers` list of non-empty names, none repeated (a repeated one is warned about), shared with the routes that list the same.
    private func plainHandlers(_ record: JSONDocument.Record, in document: JSONDocument) -> [String]? {
        guard record.kind == .array else { return nil }
        var names: [String] = []
        names.reserveCapacity(Int(record.count))
        for element in document.children(of: record) {
            guard let name = document.nonEmptyString(document.records[Int(element)]), !names.contains(name) else { return nil }
            names.append(name)
        }
        return sharedHandlerList(names)
    }

    /// The rules of a `routeParameters` object whose every rule has only `required` (a JSON
    /// boolean), `regex` (one that compiles) and `type` (a known one), each once.
    private func plainParameters(_ record: JSONDocument.Record, in document: JSONDocument) -> [ParameterRule]? {
        guard record.kind == .object else { return nil }
        var rules: [ParameterRule] = []
        rules.reserveCapacity(Int(record.count))
        for child in document.children(of: record) {
            let parameter = document.records[Int(child)]
            let name = document.strings[Int(parameter.step)]
            guard parameter.kind == .object, !ParameterRule.reservedNames.contains(name), !rules.contains(where: { $0.name == name })
            else { return nil }
            var seen = KnownKeys()
            var isRequired = false
            var pattern: ParameterPattern?
            var type = ParameterType.string
            for member in document.children(of: parameter) {
                let value = document.records[Int(member)]
                switch document.strings[Int(value.step)] {
                case "required":
                    guard seen.insert(.required), value.kind == .bool else { return nil }
                    isRequired = value.payload != 0
                case "regex":
                    guard seen.insert(.regex), value.kind == .string,
                        let compiled = compiledPatternIfValid(
                            document.strings[Int(value.payload)], location: SourceLocation(line: Int(value.line), column: Int(value.column)))
                    else { return nil }
                    pattern = compiled
                case "type":
                    guard seen.insert(.type), value.kind == .string, let known = ParameterType(rawValue: document.strings[Int(value.payload)])
                    else { return nil }
                    type = known
                default:
                    return nil
                }
            }
            rules.append(ParameterRule(name: name, isRequired: isRequired, pattern: pattern, type: type))
        }
        return sharedParameterList(rules)
    }
}

/// The members of one object the plain reader has seen, to find one written twice.
private struct KnownKeys {
    enum Key: Int { case className, identifier, handlers, routeParameters, requiresAuth, required, regex, type }
    private var bits: UInt16 = 0

    /// Records a member; `false` when it was seen before.
    mutating func insert(_ key: Key) -> Bool {
        let bit: UInt16 = 1 << key.rawValue
        defer { bits |= bit }
        return bits & bit == 0
    }
}
