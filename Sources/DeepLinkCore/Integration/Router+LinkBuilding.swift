import Foundation

extension Router {
    /// Builds the custom-scheme link for a route, such that routing it gives back the same
    /// route and parameters: `url(for: "sales/:saleId", parameters: ["saleId": "3"])` is
    /// `shop://sales/3`.
    ///
    /// Values are validated against the route's rules and percent-encoded; parameters that are
    /// not in the path go to the query, in name order.
    /// - Parameters:
    ///   - pattern: The route key, e.g. `sales/:saleId`.
    ///   - parameters: A value for every path parameter, and any declared query parameters.
    ///   - scheme: The scheme to use; the config's first `schemes` entry by default.
    /// - Returns: The link.
    /// - Throws: ``LinkBuildingError`` for an unknown route, a missing, invalid or undeclared
    ///   parameter, no scheme, or a link another route would win.
    public func url(for pattern: String, parameters: [String: String] = [:], scheme: String? = nil) throws(LinkBuildingError) -> URL {
        let route = try compiledRoute(named: pattern)
        guard let scheme = scheme?.lowercased() ?? config.schemes.first else {
            throw LinkBuildingError(
                code: .noSchemeOrHost, message: "the config lists no schemes; add \"schemes\" or pass a scheme",
                route: route.definition.pattern.description)
        }
        let (segments, query) = try encodedParts(of: route, parameters: parameters)
        // The first segment is the host of a custom-scheme link; when it has characters a host
        // cannot carry, an empty host keeps it in the path, which routes the same way.
        let first = segments.first ?? ""
        let isHostSafe = !first.isEmpty && !first.contains("%") && !first.contains("~")
        let text = isHostSafe
            ? "\(scheme)://\(segments.joined(separator: "/"))\(query)"
            : "\(scheme):///\(segments.joined(separator: "/"))\(query)"
        return try verified(text, route: route, parameters: parameters)
    }

    /// Builds the https universal link for a route on one of the config's `hosts`, such that
    /// routing it gives back the same route and parameters.
    /// - Parameters:
    ///   - pattern: The route key, e.g. `sales/:saleId`.
    ///   - parameters: A value for every path parameter, and any declared query parameters.
    ///   - host: One of the config's hosts; the first by default.
    /// - Returns: The link, e.g. `https://shop.example.com/sales/3`.
    /// - Throws: ``LinkBuildingError`` as ``url(for:parameters:scheme:)`` does, or when the host
    ///   is not one of the config's hosts.
    public func universalLinkURL(for pattern: String, parameters: [String: String] = [:], host: String? = nil)
        throws(LinkBuildingError) -> URL
    {
        let route = try compiledRoute(named: pattern)
        guard let host = host?.lowercased() ?? config.hosts.first, config.hosts.contains(host) else {
            throw LinkBuildingError(
                code: .noSchemeOrHost,
                message: config.hosts.isEmpty
                    ? "the config lists no hosts; add \"hosts\" to build universal links"
                    : "\(host ?? "") is not one of the config's hosts (\(config.hosts.joined(separator: ", ")))",
                route: route.definition.pattern.description)
        }
        let (segments, query) = try encodedParts(of: route, parameters: parameters)
        return try verified("https://\(host)/\(segments.joined(separator: "/"))\(query)", route: route, parameters: parameters)
    }

    private func compiledRoute(named pattern: String) throws(LinkBuildingError) -> CompiledRoute {
        let normalized = (try? RoutePattern(pattern).description) ?? pattern
        guard let route = compiledRoute(for: normalized) else {
            throw LinkBuildingError(code: .unknownRoute, message: "no route has this pattern", route: pattern)
        }
        return route
    }

    private func encodedParts(of route: CompiledRoute, parameters: [String: String]) throws(LinkBuildingError) -> ([String], String) {
        let pattern = route.definition.pattern
        func failure(_ code: LinkBuildingError.Code, _ message: String) -> LinkBuildingError {
            LinkBuildingError(code: code, message: message, route: pattern.description)
        }
        var segments: [String] = []
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                segments.append(Self.percentEncoded(text))
            case .parameter(let name):
                guard let value = parameters[name] else { throw failure(.missingParameter, "parameter \(name) has no value") }
                guard !value.isEmpty else { throw failure(.invalidParameter, "parameter \(name) is empty; a path segment cannot be") }
                guard value != ".", value != ".." else {
                    throw failure(
                        .invalidParameter, "parameter \(name) is \(JSONWriter.quoted(value)); browsers remove such path segments")
                }
                segments.append(Self.percentEncoded(value))
            }
        }
        let pathNames = Set(pattern.parameterNames)
        var items: [String] = []
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) where !pathNames.contains(name) {
            guard route.queryRules.contains(where: { $0.name == name }) else {
                throw failure(.undeclaredParameter, "parameter \(name) is not declared in the route's routeParameters, so routing would drop it")
            }
            items.append("\(Self.percentEncoded(name))=\(Self.percentEncoded(value))")
        }
        for rule in route.definition.parameters {
            let value = parameters[rule.name]
            if value == nil, rule.isRequired, !pathNames.contains(rule.name) {
                throw failure(.missingParameter, "required parameter \(rule.name) has no value")
            }
            if let value, let regex = rule.pattern, !regex.matches(value) {
                throw failure(.invalidParameter, "parameter \(rule.name) \(JSONWriter.quoted(value)) does not match \(regex)")
            }
        }
        return (segments, items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    /// Checks that the link routes back to the route with the same parameters.
    private func verified(_ text: String, route: CompiledRoute, parameters: [String: String]) throws(LinkBuildingError) -> URL {
        let pattern = route.definition.pattern.description
        guard let url = URL(string: text) else {
            throw LinkBuildingError(code: .invalidParameter, message: "\(text) is not a valid URL", route: pattern)
        }
        let result = match(RouteRequest(url: url), applyingGates: false)
        guard result.route?.description == pattern, result.parameters == parameters else {
            let winner = result.route.map { "route \($0)" } ?? "no route (\(result.outcome.rawValue))"
            throw LinkBuildingError(
                code: .openedByAnotherRoute,
                message: "the link \(text) would open \(winner) with \(result.parameters), which takes precedence", route: pattern)
        }
        return url
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
