/// The modules of a symbol being drawn: which are dark, and which belong to function patterns
/// (finder, separator, timing, alignment, format and version information) so data and masks
/// leave them alone.
struct QRMatrix: Sendable, Hashable {
    let size: Int
    private(set) var dark: [Bool]
    private var reserved: [Bool]

    /// A symbol of `version` with its function patterns drawn and the format area reserved.
    init(version: Int) {
        size = 17 + 4 * version
        dark = Array(repeating: false, count: size * size)
        reserved = Array(repeating: false, count: size * size)
        drawTimingPatterns()
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            drawFinderPattern(centreX: x, centreY: y)
        }
        drawAlignmentPatterns(version: version)
        drawFormatBits(0)                        // reserves the area; the real bits come after masking
        drawVersionBits(version: version)
    }

    subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

    private mutating func setFunction(_ x: Int, _ y: Int, _ isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    private mutating func drawTimingPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
    }

    /// A 7×7 finder with its one-module light separator, clipped at the symbol's edge.
    private mutating func drawFinderPattern(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx, y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunction(x, y, ring != 2 && ring != 4)
            }
        }
    }

    private mutating func drawAlignmentPatterns(version: Int) {
        let centres = QRCapacity.alignmentCentres(version: version)
        let last = centres.count - 1
        for (row, y) in centres.enumerated() {
            for (column, x) in centres.enumerated() {
                // The three corners with finder patterns have no alignment pattern.
                if (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0) {
                    continue
                }
                for dy in -2...2 {
                    for dx in -2...2 {
                        setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
    }

    /// The 15 format bits (§7.9): level and mask, BCH(15,5) protected, XOR 0x5412, drawn twice.
    mutating func drawFormatBits(_ data: Int) {
        var remainder = data
        for _ in 0..<10 {
            remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537)
        }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }

        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }

        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)           // the dark module
    }

    /// The 18 version bits (§7.10) of versions 7 and up: BCH(18,6) protected, drawn twice.
    private mutating func drawVersionBits(version: Int) {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 {
            remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25)
        }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3, b = index / 3
            setFunction(a, b, isDark)
            setFunction(b, a, isDark)
        }
    }

    /// Places codewords in the two-column zigzag from the bottom-right (§7.7.3), skipping
    /// function modules and the vertical timing column; remainder bits stay light.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        var bitIndex = 0
        let bitCount = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y * size + x] && bitIndex < bitCount {
                    dark[y * size + x] = (codewords[bitIndex >> 3] >> (7 - (bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// Inverts the data modules where `mask` says so; applying it twice undoes it.
    mutating func apply(_ mask: QRMask) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] && mask.inverts(x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }
}
