/// One finding about an input file: an error that makes it unusable, or a warning worth fixing.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// The input cannot be used as it is.
        case error
        /// The input works, but probably not as intended.
        case warning

        /// Errors sort before warnings.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    /// How serious the finding is.
    public let severity: Severity
    /// A stable, machine-readable name, e.g. `unknown-key` or `shadowed-route`.
    public let code: String
    /// What is wrong and what to do about it.
    public let message: String
    /// Where in the document the finding is.
    public let path: JSONPath
    /// The line and column, when known.
    public let location: SourceLocation?
    /// The file, when the input came from one.
    public var file: String?

    /// Creates a diagnostic.
    /// - Parameters:
    ///   - severity: How serious the finding is.
    ///   - code: A stable, machine-readable name.
    ///   - message: What is wrong and what to do about it.
    ///   - path: Where in the document the finding is.
    ///   - location: The line and column.
    ///   - file: The file the input came from.
    public init(
        severity: Severity, code: String, message: String, path: JSONPath, location: SourceLocation?, file: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.path = path
        self.location = location
        self.file = file
    }

    /// `file:line:column: path: message`, leaving out what is unknown.
    public var description: String {
        var prefix = ""
        if let file { prefix += "\(file):" }
        if let location { prefix += "\(location.line):\(location.column):" }
        if !prefix.isEmpty { prefix += " " }
        let place = path.components.isEmpty ? "" : "\(path): "
        return prefix + place + message
    }

    /// The diagnostic as a JSON object for `--json` output: `severity`, `code`, `message`, `path`,
    /// and `file`, `line`, `column` when known.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "severity": .string(severity.rawValue), "code": .string(code), "message": .string(message),
            "path": .string(path.description),
        ]
        if let file { object["file"] = .string(file) }
        if let location {
            object["line"] = .number(Double(location.line))
            object["column"] = .number(Double(location.column))
        }
        return .object(object)
    }
}
