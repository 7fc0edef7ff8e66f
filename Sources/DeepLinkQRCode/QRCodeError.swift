/// Why a QR code could not be made.
public struct QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable kind of error.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, e.g. `data-too-long`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// The text does not fit in a version 40 symbol at the requested error correction.
        public static let dataTooLong = Code("data-too-long")
        /// A version, mask, scale or margin outside its allowed range.
        public static let invalidOption = Code("invalid-option")
        /// The image could not be encoded (zlib could not allocate its state).
        public static let imageEncodingFailed = Code("image-encoding-failed")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of error this is.
    public let code: Code
    /// What is wrong and what to do instead.
    public let message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What is wrong and what to do instead.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `message (code)`.
    public var description: String { "\(message) (\(code))" }
}
