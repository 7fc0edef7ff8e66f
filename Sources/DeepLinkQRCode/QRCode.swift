/// A QR code symbol (ISO/IEC 18004:2015, Model 2, versions 1–40), ready to draw.
///
/// ```swift
/// let code = try QRCode(encoding: "https://go.shop.example.com/spring")
/// let svg = try code.svg(moduleSize: 8)
/// ```
///
/// The text goes in one segment in the most compact mode that carries it (numeric,
/// alphanumeric or UTF-8 bytes), in the smallest version that fits at the requested error
/// correction; the mask is the one with the lowest penalty score unless one is given.
package struct QRCode: Sendable, Hashable {
    /// The symbol version, 1...40: the symbol is `17 + 4 × version` modules wide.
    package let version: Int
    /// The error correction level the symbol was made with.
    package let errorCorrection: QRErrorCorrection
    /// The data mask pattern, 0...7.
    package let mask: Int
    /// Modules on each side, without the quiet zone.
    package let size: Int
    /// The finished modules, function patterns included.
    let matrix: QRMatrix

    /// Encodes `text` in the smallest symbol that holds it.
    /// - Parameters:
    ///   - text: What the code says, usually a URL.
    ///   - errorCorrection: How much damage the code survives; `.medium` by default.
    ///   - minimumVersion: The smallest version to use, 1...40, for codes printed at one size.
    ///   - mask: A mask pattern 0...7 to force; nil picks the lowest-penalty one.
    /// - Throws: ``QRCodeError`` `dataTooLong` when the text needs more than version 40 holds,
    ///   `invalidOption` for a version or mask outside its range.
    package init(
        encoding text: String,
        errorCorrection: QRErrorCorrection = .medium,
        minimumVersion: Int = 1,
        mask: Int? = nil
    ) throws(QRCodeError) {
        guard (1...40).contains(minimumVersion) else {
            throw QRCodeError(code: .invalidOption, message: "minimum version \(minimumVersion) is not 1 to 40")
        }
        if let mask, !(0..<8).contains(mask) {
            throw QRCodeError(code: .invalidOption, message: "mask \(mask) is not 0 to 7")
        }
        let segment = QRSegment(text: text)
        guard let (capacity, bitLength) = Self.smallestFit(for: segment, errorCorrection, from: minimumVersion) else {
            let limit = segment.mode.maximumCount(
                inBits: QRCapacity(version: 40, errorCorrection: errorCorrection).dataCodewords * 8, version: 40)
            throw QRCodeError(
                code: .dataTooLong,
                message: "the text is \(text.utf8.count) bytes; a QR code at error correction \(errorCorrection.rawValue) "
                    + "holds at most \(limit) of this kind (shorten the text or lower the error correction)"
            )
        }
        let data = Self.dataCodewords(segment, bitLength: bitLength, capacity: capacity)
        var matrix = QRMatrix(version: capacity.version)
        matrix.drawCodewords(Self.interleavedWithErrorCorrection(data, capacity: capacity))

        let chosen = mask.map(QRMask.init(reference:))
            ?? QRMask.all.map { ($0, Self.penalty(of: matrix, masked: $0, errorCorrection)) }.min { $0.1 < $1.1 }!.0
        matrix.apply(chosen)
        matrix.drawFormatBits(errorCorrection.formatBits << 3 | chosen.reference)

        self.version = capacity.version
        self.errorCorrection = errorCorrection
        self.mask = chosen.reference
        self.size = matrix.size
        self.matrix = matrix
    }

    /// Whether the module at column `x`, row `y` (both from the top-left, 0-based) is dark.
    package subscript(x: Int, y: Int) -> Bool {
        matrix[x, y]
    }

    private static func smallestFit(
        for segment: QRSegment, _ errorCorrection: QRErrorCorrection, from minimumVersion: Int
    ) -> (QRCapacity, Int)? {
        for version in minimumVersion...40 {
            let capacity = QRCapacity(version: version, errorCorrection: errorCorrection)
            if let bits = segment.bitLength(version: version), bits <= capacity.dataCodewords * 8 {
                return (capacity, bits)
            }
        }
        return nil
    }

    /// Mode, count and data, then the terminator, byte padding and the 0xEC 0x11 pad codewords (§7.4.10).
    static func dataCodewords(_ segment: QRSegment, bitLength: Int, capacity: QRCapacity) -> [UInt8] {
        var bits = QRBitBuffer()
        bits.append(segment.mode.indicator, length: 4)
        bits.append(segment.characterCount, length: segment.mode.countBits(version: capacity.version))
        for bit in segment.data.bits { bits.append(bit ? 1 : 0, length: 1) }
        let capacityBits = capacity.dataCodewords * 8
        bits.append(0, length: min(4, capacityBits - bits.count))
        bits.append(0, length: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity.dataCodewords {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }

    /// Splits the data into blocks (the later ones one codeword longer), adds each block's
    /// error correction, and interleaves them column by column (§7.6).
    static func interleavedWithErrorCorrection(_ data: [UInt8], capacity: QRCapacity) -> [UInt8] {
        let blockCount = capacity.blockCount
        let shortBlockLength = capacity.totalCodewords / blockCount
        let shortBlocks = blockCount - capacity.totalCodewords % blockCount
        let shortDataLength = shortBlockLength - capacity.eccCodewordsPerBlock
        let encoder = ReedSolomon(degree: capacity.eccCodewordsPerBlock)

        var dataBlocks: [ArraySlice<UInt8>] = []
        var eccBlocks: [[UInt8]] = []
        var start = 0
        for block in 0..<blockCount {
            let length = shortDataLength + (block < shortBlocks ? 0 : 1)
            let slice = data[start..<start + length]
            dataBlocks.append(slice)
            eccBlocks.append(encoder.remainder(of: slice))
            start += length
        }

        var result: [UInt8] = []
        result.reserveCapacity(capacity.totalCodewords)
        for column in 0...shortDataLength {
            for block in dataBlocks where column < block.count {
                result.append(block[block.startIndex + column])
            }
        }
        for column in 0..<capacity.eccCodewordsPerBlock {
            for block in eccBlocks {
                result.append(block[column])
            }
        }
        return result
    }

    private static func penalty(of matrix: QRMatrix, masked mask: QRMask, _ errorCorrection: QRErrorCorrection) -> Int {
        var candidate = matrix
        candidate.apply(mask)
        candidate.drawFormatBits(errorCorrection.formatBits << 3 | mask.reference)
        return candidate.penalty
    }
}
