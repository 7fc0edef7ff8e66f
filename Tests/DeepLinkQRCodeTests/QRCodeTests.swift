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

    @Test(arguments: [(1, 21), (7, 45), (40, 177)])
    func symbolSideGrowsByFourModulesPerVersion(version: Int, side: Int) throws {
        let code = try QRCode(encoding: "x", minimumVersion: version)
        #expect(code.version == version)
        #expect(code.size == side)
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
        #expect(throws: QRCodeError(code: .invalidOption, message: "minimum version \(version) is not 1 to 40")) {
            try QRCode(encoding: "x", minimumVersion: version)
        }
    }

    @Test func refusesAMaskOutsideZeroToSeven() {
        #expect(throws: QRCodeError(code: .invalidOption, message: "mask 8 is not 0 to 7")) {
            try QRCode(encoding: "x", mask: 8)
        }
    }
}
