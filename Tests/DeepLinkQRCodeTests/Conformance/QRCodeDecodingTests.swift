// In Conformance/: the whole encoder and its PNGs read back by a real decoder, not one source folder.
import DeepLinkQRCode
import DeepLinkTesting
import Testing

/// Reads what the encoder draws with a real decoder, ZBar's `zbarimg` (Debian's `zbar-tools`),
/// across modes, lengths, versions and error correction levels. `.ci/run` installs it and sets
/// `DEEPLINK_TEST_REQUIRE_ZBAR=1`, so CI cannot skip these.
@Suite(.enabled(if: ZBar.isAvailable || ZBar.isRequired, "zbarimg is not installed (apt-get install zbar-tools)"))
struct QRCodeDecodingTests {
    static let texts: [String] = [
        "https://go.shop.example.com/spring",
        "HTTPS://GO.SHOP.EXAMPLE.COM/SPRING",
        "0123456789012345678901234567890123456789",
        "shop://sales/42?utm_source=poster&utm_campaign=spring%20sale",
        "https://go.shop.example.com/café?q=über",
        String(repeating: "https://go.shop.example.com/", count: 10),
        String(repeating: "0123456789abcdef", count: 60),
        String(repeating: "x", count: 1_200),
    ]

    @Test(arguments: texts, QRErrorCorrection.allCases)
    func zbarReadsBackEveryPNG(text: String, level: QRErrorCorrection) async throws {
        guard let code = try? QRCode(encoding: text, errorCorrection: level) else {
            // Only the 1,200-byte text at level H is longer than any version holds.
            #expect(text.utf8.count > 1_000 && level == .high)
            return
        }
        #expect(try await ZBar.decode(png: code.png(moduleSize: 3)) == text, "version \(code.version) mask \(code.mask)")
    }

    @Test(arguments: 0..<8)
    func zbarReadsBackEveryMask(mask: Int) async throws {
        let code = try QRCode(encoding: "https://go.shop.example.com/spring", mask: mask)
        #expect(try await ZBar.decode(png: code.png()) == "https://go.shop.example.com/spring")
    }

    @Test(arguments: [1, 2, 6, 7, 14, 21, 27, 32, 40])
    func zbarReadsBackEveryVersionBand(version: Int) async throws {
        let text = "go.shop/v\(version)"
        let code = try QRCode(encoding: text, errorCorrection: .quartile, minimumVersion: version)
        #expect(code.version == version)
        #expect(try await ZBar.decode(png: code.png(moduleSize: 2)) == text)
    }
}
