import Testing

@testable import DeepLinkQRCode

struct QRMatrixTests {
    @Test func finderPatternsSitInThreeCornersWithTheirSeparators() throws {
        let code = try QRCode(encoding: "https://go.shop.example.com/spring")
        for (left, top) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            for dy in 0..<7 {
                for dx in 0..<7 {
                    let ring = max(abs(dx - 3), abs(dy - 3))
                    #expect(code[left + dx, top + dy] == (ring != 2), "finder at (\(left), \(top)) module (\(dx), \(dy))")
                }
            }
        }
        #expect(!code[7, 0] && !code[0, 7] && !code[code.size - 8, 0] && !code[7, code.size - 1])
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func formatInformationReadsBackAsTheLevelAndMask(level: QRErrorCorrection) throws {
        for mask in 0..<8 {
            let code = try QRCode(encoding: "HELLO WORLD", errorCorrection: level, mask: mask)
            // Bits 14...9 sit on row 8 from column 0; bit 8 at (7, 8); bits 7, 6 at (8, 8), (8, 7); bits 5...0 up column 8.
            var bits = 0
            for x in 0...5 { bits = bits << 1 | (code[x, 8] ? 1 : 0) }
            bits = bits << 1 | (code[7, 8] ? 1 : 0)
            bits = bits << 1 | (code[8, 8] ? 1 : 0)
            bits = bits << 1 | (code[8, 7] ? 1 : 0)
            for y in stride(from: 5, through: 0, by: -1) { bits = bits << 1 | (code[8, y] ? 1 : 0) }
            let data = (bits ^ 0x5412) >> 10
            #expect(data == level.formatBits << 3 | mask)
            #expect(code.mask == mask)
        }
    }

    @Test func chosenMaskHasTheLowestPenalty() throws {
        let text = "https://go.shop.example.com/spring?utm_source=poster"
        let chosen = try QRCode(encoding: text)
        let penalties = try (0..<8).map { try QRCode(encoding: text, mask: $0).matrix.penalty }
        #expect(chosen.matrix.penalty == penalties.min())
    }
}
