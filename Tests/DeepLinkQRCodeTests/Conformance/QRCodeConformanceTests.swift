// In Conformance/: the whole encoder (encoding, symbol, masks) against an independent one, not one source folder.
import Foundation
import Testing

import DeepLinkQRCode
import DeepLinkTesting

/// Module-for-module agreement with an independent encoder: `Fixtures/QRCode/qrcodegen-symbols.json`
/// holds symbols drawn by Project Nayuki's qrcodegen (PyPI) for the same text, level, version
/// and mask. (segno was tried first: it appends a zero codeword when the data ends on a byte
/// boundary, which ISO/IEC 18004 §7.4.10 does not, so it differs in every byte-mode symbol.)
struct QRCodeConformanceTests {
    struct Symbol: Decodable, Sendable, CustomTestStringConvertible {
        let text: String
        let errorCorrection: String
        let mask: Int
        let version: Int
        let rows: [String]

        var testDescription: String { "\(version)-\(errorCorrection) mask \(mask) \(text.prefix(24))" }
    }

    static let symbols: [Symbol] = {
        struct File: Decodable { let cases: [Symbol] }
        let data = (try? Data(contentsOf: Fixtures.file("QRCode/qrcodegen-symbols.json"))) ?? Data()
        return (try? JSONDecoder().decode(File.self, from: data).cases) ?? []
    }()

    @Test func fixtureHoldsSymbols() {
        #expect(Self.symbols.count == 26)
    }

    @Test(arguments: symbols)
    func drawsTheSameModulesAsQRCodeGen(symbol: Symbol) throws {
        let code = try QRCode(
            encoding: symbol.text,
            errorCorrection: try #require(QRErrorCorrection(rawValue: symbol.errorCorrection)),
            minimumVersion: symbol.version,
            mask: symbol.mask
        )
        #expect(code.version == symbol.version)
        let rows = (0..<code.size).map { y in String((0..<code.size).map { x in code[x, y] ? "1" : "0" }) }
        for (y, (ours, theirs)) in zip(rows, symbol.rows).enumerated() where ours != theirs {
            Issue.record("row \(y) differs:\n ours      \(ours)\n qrcodegen \(theirs)")
        }
    }
}
