/// Why a QR code could not be made.
package struct QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable kind of error.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, e.g. `data-too-long`.
        package let name: String
        private init(_ name: String) { self.name = name }

        /// The text does not fit in a version 40 symbol at the requested error correction.
        package static let dataTooLong = Code("data-too-long")
        /// A version, mask, scale or margin outside its allowed range.
        package static let invalidOption = Code("invalid-option")
        /// The image could not be encoded (zlib could not allocate its state).
        package static let imageEncodingFailed = Code("image-encoding-failed")

        /// The code's name.
        package var description: String { name }
    }

    /// What kind of error this is.
    package let code: Code
    /// What is wrong and what to do instead.
    package let message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What is wrong and what to do instead.
    package init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `message (code)`.
    package var description: String { "\(message) (\(code))" }
}
