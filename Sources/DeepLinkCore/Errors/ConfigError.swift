/// A configuration that cannot be used, with what is wrong and exactly where.
///
/// `description` is one line an editor or CI log can jump to:
/// `Shop.json:12:20: routes["sales/:saleId"].routeParameters.saleId.regex: invalid regular expression "[0-9": expected ']'`.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable kind of error. New codes may be added in minor releases.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, e.g. `invalid-regex`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// The file could not be read.
        public static let unreadableFile = Code("unreadable-file")
        /// The text is not valid JSON.
        public static let invalidJSON = Code("invalid-json")
        /// A value has the wrong JSON type.
        public static let wrongType = Code("wrong-type")
        /// A required member is missing.
        public static let missingValue = Code("missing-value")
        /// A value has the right type but is not allowed.
        public static let invalidValue = Code("invalid-value")
        /// A member name appears twice in one object.
        public static let duplicateKey = Code("duplicate-key")
        /// A member name the object does not have, where a typo would change what the file means:
        /// a misspelling of a key that guards access (`requireAuth`), or any unknown key in a
        /// section that refuses them.
        public static let unknownKey = Code("unknown-key")
        /// A `regex` does not compile.
        public static let invalidRegex = Code("invalid-regex")
        /// A route pattern is empty or malformed.
        public static let invalidRoutePattern = Code("invalid-route-pattern")
        /// Two route keys describe the same pattern.
        public static let duplicateRoute = Code("duplicate-route")
        /// A `:name` appears twice in one route pattern.
        public static let duplicateParameter = Code("duplicate-parameter")
        /// A route has neither a `class` nor `handlers`, so it could do nothing.
        public static let routeWithoutDestination = Code("route-without-destination")
        /// Routes name each other as `parent` in a loop, or name a parent that does not exist.
        public static let invalidParent = Code("invalid-parent")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of error this is.
    public let code: Code
    /// What is wrong and, where it helps, what to do instead.
    public let message: String
    /// Where in the document the offending value is.
    public let path: JSONPath
    /// The line and column of the offending value, when known.
    public let location: SourceLocation?
    /// The file that was read, when the configuration came from a file.
    public var file: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What is wrong and what to do instead.
    ///   - path: Where in the document the offending value is.
    ///   - location: The line and column of the offending value.
    ///   - file: The file that was read.
    public init(code: Code, message: String, path: JSONPath, location: SourceLocation?, file: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.location = location
        self.file = file
    }

    /// Creates an error about a value that was read.
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What is wrong and what to do instead.
    ///   - node: The offending value; its path and location are used.
    package init(code: Code, message: String, at node: JSONNode) {
        self.init(code: code, message: message, path: node.path, location: node.location)
    }

    /// `file:line:column: path: message`, leaving out what is unknown.
    public var description: String {
        Diagnostic(severity: .error, code: code.name, message: message, path: path, location: location, file: file)
            .description
    }

    /// The error as a diagnostic, for reports that mix errors and warnings.
    public var diagnostic: Diagnostic {
        Diagnostic(severity: .error, code: code.name, message: message, path: path, location: location, file: file)
    }
}
