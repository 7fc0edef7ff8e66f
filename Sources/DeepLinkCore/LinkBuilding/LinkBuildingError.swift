/// A link that cannot be built for a route, with what is wrong.
public struct LinkBuildingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable kind of error.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, e.g. `missing-parameter`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// No route has the pattern.
        public static let unknownRoute = Code("unknown-route")
        /// A path parameter, or a required query parameter, has no value.
        public static let missingParameter = Code("missing-parameter")
        /// A value does not match the parameter's regex, or is empty in the path.
        public static let invalidParameter = Code("invalid-parameter")
        /// A parameter the route does not declare.
        public static let undeclaredParameter = Code("undeclared-parameter")
        /// The config has no scheme (or host) to build the link with.
        public static let noSchemeOrHost = Code("no-scheme-or-host")
        /// The built link would open another route, which wins by precedence.
        public static let openedByAnotherRoute = Code("opened-by-another-route")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of error this is.
    public let code: Code
    /// What is wrong and what to do instead.
    public let message: String
    /// The route the link was built for.
    public let route: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What is wrong.
    ///   - route: The route the link was built for.
    public init(code: Code, message: String, route: String) {
        self.code = code
        self.message = message
        self.route = route
    }

    /// `route R: message`.
    public var description: String { "route \(route): \(message)" }
}
