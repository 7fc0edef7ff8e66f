/// The block structure of each version and error correction level (ISO/IEC 18004 Table 9).
struct QRCapacity: Sendable {
    /// Error correction codewords in each block, by level (L, M, Q, H) then version (index 0 unused).
    private static let eccCodewordsPerBlock: [[Int]] = [
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Number of error correction blocks, by level (L, M, Q, H) then version (index 0 unused).
    private static let blockCounts: [[Int]] = [
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// The symbol version, 1...40.
    let version: Int
    /// Error correction codewords in every block.
    let eccCodewordsPerBlock: Int
    /// Number of blocks the codewords are split into.
    let blockCount: Int
    /// All codewords the symbol holds, data and error correction.
    let totalCodewords: Int

    init(version: Int, errorCorrection: QRErrorCorrection) {
        self.version = version
        eccCodewordsPerBlock = Self.eccCodewordsPerBlock[errorCorrection.tableIndex][version]
        blockCount = Self.blockCounts[errorCorrection.tableIndex][version]
        totalCodewords = Self.dataModuleCount(version: version) / 8
    }

    /// Data codewords: what is left for the message after error correction.
    var dataCodewords: Int { totalCodewords - eccCodewordsPerBlock * blockCount }

    /// Modules left for codewords once the function patterns and format and version
    /// information are drawn, remainder bits included.
    static func dataModuleCount(version: Int) -> Int {
        let size = 17 + 4 * version
        var modules = size * size
        modules -= 3 * 64                        // finder patterns with their separators
        modules -= 2 * (size - 16)               // timing patterns
        modules -= 31                            // two copies of the format information, and the dark module
        if version >= 2 {
            let perSide = version / 7 + 2
            let alignments = perSide * perSide - 3
            modules -= alignments * 25
            modules += 2 * (perSide - 2) * 5     // alignment patterns that overlap the timing patterns
        }
        if version >= 7 {
            modules -= 36                        // two copies of the version information
        }
        return modules
    }

    /// Centres of the alignment patterns on each axis (Annex E): evenly spaced from the
    /// bottom-right, the first always at 6.
    static func alignmentCentres(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let size = 17 + 4 * version
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        for index in stride(from: count - 2, through: 0, by: -1) {
            centres.append(size - 7 - index * step)
        }
        return centres
    }
}
