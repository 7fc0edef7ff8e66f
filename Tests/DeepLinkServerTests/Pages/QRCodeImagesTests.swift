import DeepLinkQRCode
import Foundation
import NIOCore
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// A QR code is drawn once per thing it shows, not once per request or per visitor's UTM fields.
struct QRCodeImagesTests {
    static func key(_ text: String = "https://shop.example.com/spring", format: QRCodeImages.Format = .png, size: Int = 8) -> QRCodeImages.Key {
        QRCodeImages.Key(text: text, format: format, moduleSize: size, margin: 4, title: format == .svg ? "QR code for \(text)" : nil)
    }

    @Test func theSameImageIsDrawnOnceAndAnotherSizeOrFormatOrTextIsItsOwn() async throws {
        let images = QRCodeImages()
        let first = try await images.image(Self.key())
        let again = try await images.image(Self.key())
        #expect(first == again)
        #expect(images.imagesDrawn == 1)
        _ = try await images.image(Self.key(size: 9))
        _ = try await images.image(Self.key(format: .svg))
        _ = try await images.image(Self.key("https://shop.example.com/autumn"))
        #expect(images.imagesDrawn == 4)
        #expect(Array(buffer: first) == (try QRCode(encoding: "https://shop.example.com/spring").png(moduleSize: 8, margin: 4)))
    }

    @Test func pastTheByteBudgetTheCacheStartsOverAndStillAnswers() async throws {
        let one = try await QRCodeImages().image(Self.key()).readableBytes
        let images = QRCodeImages(byteBudget: one * 2)
        for round in 0..<2 {
            for size in 8...10 { _ = try await images.image(Self.key(size: size)) }
            #expect(images.imagesDrawn == 3 * (round + 1), "a budget for two of three images keeps too few for a second round")
        }
    }

    @Test func optionsTheEncoderRefusesAreInvalidWithItsMessage() async {
        await #expect {
            try await QRCodeImages().image(QRCodeImages.Key(text: "x", format: .png, moduleSize: 41, margin: 4, title: nil))
        } throws: { error in
            guard case QRCodeImages.Failure.invalid(let refusal) = error else { return false }
            return refusal.message.contains("1 to 40")
        }
    }

    @Test func theDesktopPageDrawsItsCodeOncePerLanguageWhateverTheVisitorsUTM() throws {
        let resolver = try LinkResolverTests.resolver()
        let desktop = Visitor(userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36")
        for source in ["mail", "social", "print", "a", "b"] {
            guard case .page(let html) = resolver.resolve(LinkResolverTests.link, visitor: desktop, appLinksOnly: false, utm: UTMFields(source: source))
            else {
                Issue.record("no page for a desktop visitor")
                return
            }
            #expect(String(buffer: html).contains("<svg"))
        }
        #expect(resolver.pages.qrCodes.imagesDrawn == 1)
    }
}
