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
                code: .noSchemeOrHost, message: "the config lists no schemes; add \"schemes\" or pass a scheme", route: table.patternText(of: route))
        }
        let link = try printed(route, parameters)
        // The first segment is the host of a custom-scheme link; when it has characters a host
        // cannot carry, an empty host keeps it in the path, which routes the same way.
        let path = link.segments.map(percentEncoded).joined(separator: "/")
        let first = path.prefix { $0 != "/" }
        let isHostSafe = !first.isEmpty && !first.contains("%") && !first.contains("~")
        return try url(isHostSafe ? "\(scheme)://\(path)" : "\(scheme):///\(path)", query: link.query, route: route)
    }

    /// Builds the custom-scheme link for a route from typed values:
    /// `url(for: "sales/:saleId", values: ["saleId": 3])`. Each value is written as the link
    /// carries it (``ParameterValue/description``, a UUID lowercased) and checked as
    /// ``url(for:parameters:scheme:)`` checks text, the declared type included.
    /// - Parameters:
    ///   - pattern: The route key.
    ///   - values: A value for every path parameter, and any declared query parameters.
    ///   - scheme: The scheme to use; the config's first `schemes` entry by default.
    /// - Throws: ``LinkBuildingError`` as ``url(for:parameters:scheme:)`` does.
    public func url(for pattern: String, values: [String: ParameterValue], scheme: String? = nil) throws(LinkBuildingError) -> URL {
        try url(for: pattern, parameters: values.mapValues(\.description), scheme: scheme)
    }

    /// Builds the https universal link for a route from typed values; see ``url(for:values:scheme:)``.
    /// - Parameters:
    ///   - pattern: The route key.
    ///   - values: A value for every path parameter, and any declared query parameters.
    ///   - host: One of the config's hosts; the first by default.
    /// - Throws: ``LinkBuildingError`` as ``universalLinkURL(for:parameters:host:)`` does.
    public func universalLinkURL(for pattern: String, values: [String: ParameterValue], host: String? = nil) throws(LinkBuildingError) -> URL {
        try universalLinkURL(for: pattern, parameters: values.mapValues(\.description), host: host)
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
                route: table.patternText(of: route))
        }
        let link = try printed(route, parameters)
        return try url("https://\(host)/\(link.segments.map(percentEncoded).joined(separator: "/"))", query: link.query, route: route)
    }

    private func compiledRoute(named pattern: String) throws(LinkBuildingError) -> Int {
        let normalized = (try? RoutePattern(pattern).normalized) ?? pattern
        guard let route = route(withPattern: normalized) else {
            throw LinkBuildingError(code: .unknownRoute, message: "no route has this pattern", route: pattern)
        }
        return route
    }

    /// The route's link for the parameters, as the route prints it (the same rules that read it
    /// back), after checking that no other route wins it by precedence.
    private func printed(_ route: Int, _ parameters: [String: String]) throws(LinkBuildingError) -> IncomingLink {
        let link: IncomingLink
        switch table.print(route, parameters) {
        case .failure(let mismatch):
            let code: LinkBuildingError.Code = switch mismatch.kind {
            case .missing: .missingParameter
            case .invalid: .invalidParameter
            case .undeclared: .undeclaredParameter
            }
            throw LinkBuildingError(code: code, message: mismatch.message, route: table.patternText(of: route))
        case .success(let printed):
            link = printed
        }
        var search = RouteSearch(router: self, link: link)
        let opener: String
        switch search.next() {
        case .candidate(let winner) where winner.route == route: return link
        case .candidate(let winner): opener = "route \(table.patternText(of: winner.route)) with \(winner.parameters)"
        default: opener = "no route"
        }
        throw LinkBuildingError(
            code: .openedByAnotherRoute, message: "the link would open \(opener), which takes precedence", route: table.patternText(of: route))
    }

    private func url(_ text: String, query: Substring, route: Int) throws(LinkBuildingError) -> URL {
        let text = query.isEmpty ? text : "\(text)?\(query)"
        guard let url = URL(string: text) else {
            throw LinkBuildingError(code: .invalidParameter, message: "\(text) is not a valid URL", route: table.patternText(of: route))
        }
        return url
    }
}
