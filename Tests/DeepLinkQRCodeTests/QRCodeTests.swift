import Testing

@testable import DeepLinkQRCode

struct QRCodeTests {
    /// ISO/IEC 18004:2015 Annex I.2 encodes "01234567" as version 1-M and lists every codeword.
    @Test func encodesTheStandardsWorkedExampleCodewordForCodeword() {
        let segment = QRSegment(text: "01234567")
        let capacity = QRCapacity(version: 1, errorCorrection: .medium)
        let data = QRCode.dataCodewords(segment, bitLength: segment.bitLength(version: 1)!, capacity: capacity)
        #expect(data == [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
        let codewords = QRCode.interleavedWithErrorCorrection(data, capacity: capacity)
        #expect(Array(codewords.suffix(10)) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test(arguments: [
        ("0123456789", QRSegment.Mode.numeric),
        ("HTTPS://GO.SHOP.EXAMPLE.COM/SPRING", .alphanumeric),
        ("https://go.shop.example.com/spring", .byte),
        ("café", .byte),
    ])
    func picksTheMostCompactModeThatCarriesTheText(text: String, mode: QRSegment.Mode) {
        #expect(QRSegment(text: text).mode == mode)
    }

    @Test(arguments: [(1, 21), (7, 45), (40, 177)])
    func symbolSideGrowsByFourModulesPerVersion(version: Int, side: Int) throws {
        let code = try QRCode(encoding: "x", minimumVersion: version)
        #expect(code.version == version)
        #expect(code.size == side)
    }

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

    @Test(arguments: [2, 7, 22, 32, 40])
    func alignmentPatternCentresFollowAnnexE(version: Int) {
        let expected: [Int: [Int]] = [
            2: [6, 18], 7: [6, 22, 38], 22: [6, 26, 50, 74, 98], 32: [6, 34, 60, 86, 112, 138],
            40: [6, 30, 58, 86, 114, 142, 170],
        ]
        #expect(QRCapacity.alignmentCentres(version: version) == expected[version])
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

    /// Version 40's capacities by mode and level, from ISO/IEC 18004 Table 7.
    @Test(arguments: [
        ("L", "1", 7089), ("M", "1", 5596), ("Q", "1", 3993), ("H", "1", 3057),
        ("L", "A", 4296), ("M", "A", 3391), ("Q", "A", 2420), ("H", "A", 1852),
        ("L", "a", 2953), ("M", "a", 2331), ("Q", "a", 1663), ("H", "a", 1273),
    ])
    func holdsExactlyVersionFortysCapacity(level: String, character: String, longest: Int) throws {
        let level = try #require(QRErrorCorrection(rawValue: level))
        let code = try QRCode(encoding: String(repeating: character, count: longest), errorCorrection: level)
        #expect(code.version == 40)
        #expect(throws: QRCodeError.self) {
            try QRCode(encoding: String(repeating: character, count: longest + 1), errorCorrection: level)
        }
    }

    @Test func dataTooLongSaysHowMuchFitsAndWhatToDo() {
        do {
            _ = try QRCode(encoding: String(repeating: "a", count: 3000), errorCorrection: .high)
            Issue.record("encoded 3000 bytes at level H")
        } catch {
            #expect(error.code == .dataTooLong)
            #expect(error.description == "the text is 3000 bytes; a QR code at error correction H holds at most 1273 "
                + "of this kind (shorten the text or lower the error correction) (data-too-long)")
        }
    }

    @Test(arguments: [0, 41])
    func refusesAVersionOutsideOneToForty(version: Int) {
        #expect(throws: QRCodeError(code: .invalidOption, message: "minimum version \(version) is not in 1...40")) {
            try QRCode(encoding: "x", minimumVersion: version)
        }
    }

    @Test func refusesAMaskOutsideZeroToSeven() {
        #expect(throws: QRCodeError(code: .invalidOption, message: "mask 8 is not in 0...7")) {
            try QRCode(encoding: "x", mask: 8)
        }
    }
}
