/// Reed-Solomon error correction over GF(2⁸) with the QR code's field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (ISO/IEC 18004 §7.5.2).
struct ReedSolomon: Sendable {
    /// Generator polynomial coefficients, highest degree first, leading 1 omitted.
    private let generator: [UInt8]

    /// A generator for `degree` error correction codewords: the product of (x − αⁱ) for i < degree.
    init(degree: Int) {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = Self.multiply(coefficients[index], root)
                if index + 1 < degree {
                    coefficients[index] ^= coefficients[index + 1]
                }
            }
            root = Self.multiply(root, 0x02)
        }
        generator = coefficients
    }

    /// The error correction codewords for `data`: the remainder of data·xⁿ divided by the generator.
    func remainder(of data: some Sequence<UInt8>) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in result.indices {
                result[index] ^= Self.multiply(generator[index], factor)
            }
        }
        return result
    }

    /// Multiplication in GF(2⁸) modulo 0x11D, by shift and add.
    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        var product: UInt16 = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= UInt16((right >> bit) & 1) * UInt16(left)
        }
        return UInt8(truncatingIfNeeded: product)
    }
}
