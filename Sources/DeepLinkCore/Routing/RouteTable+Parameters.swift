extension RouteTable {
    /// Why a link's values or a caller's parameters do not fit a route.
    struct Mismatch: Error {
        enum Kind { case missing, invalid, undeclared }
        let kind: Kind
        let message: String
    }

    /// Reads the parameters of a link whose first `length` segments the route's pattern matched:
    /// binds path parameters (a catch-all the segments from its own to `length`, joined by `/`),
    /// adds declared query parameters, and checks every rule.
    func parse(_ route: Int, _ link: IncomingLink, length: Int? = nil) -> Result<[String: String], Mismatch> {
        let record = routes[route]
        let range = Int(record.parametersStart)..<Int(record.parametersEnd)
        // Sized at creation: `reserveCapacity` on an empty dictionary costs a resize and an unspecialized call.
        var values = [String: String](minimumCapacity: range.count)
        // Read in place, through the buffer: copying each parameter out of the array retained
        // and released its name and pattern (about 600 instructions a lookup, callgrind).
        return parameters.withUnsafeBufferPointer { parameters in
            for index in range {
                guard parameters[index].position >= 0 else {
                    switch Self.queryValue(of: parameters, at: index, in: link) {
                    case .failure(let mismatch): return .failure(mismatch)
                    case .success(let value?): values[parameters[index].name] = value
                    case .success(nil): continue
                    }
                    continue
                }
                let position = Int(parameters[index].position)
                let value =
                    parameters[index].isCatchAll
                    ? link.segments[position..<(length ?? link.segments.count)].joined(separator: "/")
                    : link.segments[position]
                if let mismatch = Self.check(value, of: "parameter", parameters[index]) { return .failure(mismatch) }
                values[parameters[index].name] = value
            }
            return .success(values)
        }
    }

    /// The last value of a declared query parameter, checked; `nil` when the link has none.
    private static func queryValue(
        of parameters: UnsafeBufferPointer<Parameter>, at index: Int, in link: IncomingLink
    ) -> Result<String?, Mismatch> {
        var last: String?
        var mismatch: Mismatch?
        link.forEachQueryValue(named: parameters[index].name) { value in
            // Empty values are dropped, as Android's library did, unless the regex accepts them.
            guard parameters[index].keepsEmptyValues || !value.isEmpty else { return }
            if mismatch == nil { mismatch = check(value, of: "query parameter", parameters[index]) }
            last = value
        }
        if let mismatch { return .failure(mismatch) }
        if last == nil, parameters[index].isRequired { return .failure(missing(parameters[index].name)) }
        return .success(last)
    }

    /// Writes the link that ``parse(_:_:length:)`` reads back as `values`: path values in their
    /// segments, the other parameters in the query, in name order.
    func print(_ route: Int, _ values: [String: String]) -> Result<IncomingLink, Mismatch> {
        let record = routes[route]
        let pathParameters = parameters[Int(record.parametersStart)..<Int(record.pathParametersEnd)]
        let queryParameters = parameters[Int(record.pathParametersEnd)..<Int(record.parametersEnd)]
        var segments: [String] = []
        for segment in definitions[route].pattern.segments {
            switch segment {
            case .literal(let text):
                segments.append(text)
            case .parameter(let name):
                guard let value = values[name] else { return .failure(Mismatch(kind: .missing, message: "parameter \(name) is missing")) }
                // Reading drops empty segments, and browsers and URL libraries remove `.` and `..`.
                guard !value.isEmpty, value != ".", value != ".." else {
                    return .failure(
                        Mismatch(kind: .invalid, message: "parameter \(name) is \(JSONWriter.quoted(value)); a path segment cannot be"))
                }
                if let parameter = pathParameters.first(where: { $0.name == name }), let mismatch = Self.check(value, of: "parameter", parameter) {
                    return .failure(mismatch)
                }
                segments.append(value)
            case .catchAll(let name):
                guard let value = values[name] else { return .failure(Mismatch(kind: .missing, message: "parameter \(name) is missing")) }
                let parts = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                // Each part is a segment: reading drops empty ones and URL libraries remove `.` and `..`.
                guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
                    return .failure(
                        Mismatch(
                            kind: .invalid,
                            message: "parameter \(name) is \(JSONWriter.quoted(value)); a catch-all is one or more segments joined by /, none empty, . or .."))
                }
                if let parameter = pathParameters.first(where: { $0.name == name }), let mismatch = Self.check(value, of: "parameter", parameter) {
                    return .failure(mismatch)
                }
                segments += parts
            }
        }
        var items: [String] = []
        for (name, value) in values.sorted(by: { $0.key < $1.key }) where !pathParameters.contains(where: { $0.name == name }) {
            guard let query = queryParameters.first(where: { $0.name == name }) else {
                return .failure(
                    Mismatch(
                        kind: .undeclared,
                        message: "parameter \(name) is not declared in the route's routeParameters, so routing would drop it"))
            }
            if let mismatch = Self.check(value, of: "query parameter", query) { return .failure(mismatch) }
            guard query.keepsEmptyValues || !value.isEmpty else {
                return .failure(
                    Mismatch(kind: .invalid, message: "parameter \(name) is empty, and routing drops empty values unless the regex accepts them"))
            }
            items.append("\(percentEncoded(name))=\(percentEncoded(value))")
        }
        if let missing = queryParameters.first(where: { $0.isRequired && values[$0.name] == nil }) {
            return .failure(Self.missing(missing.name))
        }
        return .success(IncomingLink(segments: segments, query: items.joined(separator: "&")))
    }

    /// Checks a value; the message is written only for a mismatch, since most values match.
    private static func check(_ value: String, of kind: String, _ parameter: borrowing Parameter) -> Mismatch? {
        guard let message = ParameterRule.mismatch(value, kind: kind, name: parameter.name, type: parameter.type, pattern: parameter.pattern)
        else { return nil }
        return Mismatch(kind: .invalid, message: message)
    }

    private static func missing(_ name: String) -> Mismatch {
        Mismatch(kind: .missing, message: "required parameter \(name) is missing")
    }
}
