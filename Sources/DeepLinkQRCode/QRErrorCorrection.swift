/// How much of a QR code may be damaged or covered and still read (ISO/IEC 18004 §6.5.1).
///
/// Higher levels survive more damage (a logo printed over the code, a scuffed poster) at the
/// cost of a larger symbol for the same text.
package enum QRErrorCorrection: String, Sendable, Hashable, CaseIterable, Codable {
    /// Recovers about 7% of the codewords.
    case low = "L"
    /// Recovers about 15% of the codewords: the usual choice for screens and print.
    case medium = "M"
    /// Recovers about 25% of the codewords.
    case quartile = "Q"
    /// Recovers about 30% of the codewords: for codes with a logo over them.
    case high = "H"

    /// The two format-information bits for this level (Table 12).
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// The row of this level in the capacity tables.
    var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
