/// The text in one encoding mode (ISO/IEC 18004 §7.4): numeric for digits only, alphanumeric
/// for upper-case letters, digits and ` $%*+-./:` (which is why upper-case URLs make smaller
/// codes), bytes (UTF-8) for everything else.
struct QRSegment: Sendable {
    enum Mode: Sendable {
        case numeric, alphanumeric, byte

        var indicator: Int {
            switch self {
            case .numeric: 0b0001
            case .alphanumeric: 0b0010
            case .byte: 0b0100
            }
        }

        /// Bits of the character count indicator (Table 3).
        func countBits(version: Int) -> Int {
            let band = version <= 9 ? 0 : version <= 26 ? 1 : 2
            switch self {
            case .numeric: return [10, 12, 14][band]
            case .alphanumeric: return [9, 11, 13][band]
            case .byte: return [8, 16, 16][band]
            }
        }

        /// The most characters of this mode that fit in `bits` data bits of `version`.
        func maximumCount(inBits bits: Int, version: Int) -> Int {
            let available = bits - 4 - countBits(version: version)
            switch self {
            case .numeric: return available / 10 * 3 + [0, 0, 0, 0, 1, 1, 1, 2, 2, 2][available % 10]
            case .alphanumeric: return available / 11 * 2 + (available % 11 >= 6 ? 1 : 0)
            case .byte: return available / 8
            }
        }
    }

    private static let alphanumericCharset = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    let mode: Mode
    /// Characters for the count indicator: digits, characters or bytes.
    let characterCount: Int
    /// The data bits, without mode and count.
    let data: QRBitBuffer

    /// The most compact single mode that can carry `text`.
    init(text: String) {
        let bytes = Array(text.utf8)
        var data = QRBitBuffer()
        if bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            mode = .numeric
            for start in stride(from: 0, to: bytes.count, by: 3) {
                let group = bytes[start..<min(start + 3, bytes.count)]
                let value = group.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                data.append(value, length: group.count * 3 + 1)
            }
        } else if let indexes = Self.alphanumericIndexes(bytes) {
            mode = .alphanumeric
            for start in stride(from: 0, to: indexes.count, by: 2) {
                if start + 1 < indexes.count {
                    data.append(indexes[start] * 45 + indexes[start + 1], length: 11)
                } else {
                    data.append(indexes[start], length: 6)
                }
            }
        } else {
            mode = .byte
            for byte in bytes { data.append(Int(byte), length: 8) }
        }
        characterCount = bytes.count
        self.data = data
    }

    private static func alphanumericIndexes(_ bytes: [UInt8]) -> [Int]? {
        var indexes: [Int] = []
        indexes.reserveCapacity(bytes.count)
        for byte in bytes {
            guard let index = alphanumericCharset.firstIndex(of: byte) else { return nil }
            indexes.append(index)
        }
        return indexes
    }

    /// Bits the segment takes in `version`, or nil when its count does not fit the indicator.
    func bitLength(version: Int) -> Int? {
        let countBits = mode.countBits(version: version)
        guard characterCount < 1 << countBits else { return nil }
        return 4 + countBits + data.count
    }
}
