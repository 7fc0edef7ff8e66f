import DeepLinkCore

/// Why an association task could not be done: output too large for the platforms, an input
/// that is not what the task needs, or a file that could not be read or written.
///
/// `description` is one line: `file-too-large: hosts/shop.example.com/.well-known/apple-app-site-association: …`.
public struct AssociationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable kind of error. New codes may be added in minor releases.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Name: String, Sendable, Hashable {
            case fileTooLarge = "file-too-large"
            case invalidConfig = "invalid-config"
            case invalidFile = "invalid-file"
            case invalidArgument = "invalid-argument"
            case insecureURL = "insecure-url"
            case fetchFailed = "fetch-failed"
            case writeFailed = "write-failed"
        }

        private let name: Name
        private init(_ name: Name) { self.name = name }

        /// A generated file is larger than a platform accepts (128 KB for apple-app-site-association).
        public static let fileTooLarge = Code(.fileTooLarge)
        /// The config's `apps` section has errors; they are in ``AssociationError/diagnostics``.
        public static let invalidConfig = Code(.invalidConfig)
        /// An association file has errors that make it unusable; they are in ``AssociationError/diagnostics``.
        public static let invalidFile = Code(.invalidFile)
        /// An argument such as a URL, an app ID or a fingerprint is malformed.
        public static let invalidArgument = Code(.invalidArgument)
        /// A URL the doctor was asked to fetch is not `https` (and not an allowed loopback address).
        public static let insecureURL = Code(.insecureURL)
        /// A file could not be fetched over the network.
        public static let fetchFailed = Code(.fetchFailed)
        /// A generated file could not be written.
        public static let writeFailed = Code(.writeFailed)

        /// The code's stable name, e.g. `file-too-large`.
        public var description: String { name.rawValue }
    }

    /// What kind of error this is.
    public let code: Code
    /// What is wrong and what to do about it.
    public let message: String
    /// The offending input: a URL, a file name, an app ID.
    public let input: String?
    /// The findings behind the error, for ``Code/invalidConfig`` and ``Code/invalidFile``.
    public let diagnostics: [Diagnostic]

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What is wrong and what to do about it.
    ///   - input: The offending input.
    ///   - diagnostics: The findings behind the error.
    public init(code: Code, message: String, input: String? = nil, diagnostics: [Diagnostic] = []) {
        self.code = code
        self.message = message
        self.input = input
        self.diagnostics = diagnostics
    }

    /// `code: input: message`, leaving out what is unknown.
    public var description: String {
        [code.description, input, message].compactMap { $0 }.joined(separator: ": ")
    }
}
