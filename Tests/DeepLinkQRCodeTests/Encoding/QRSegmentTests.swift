import Testing

@testable import DeepLinkQRCode

struct QRSegmentTests {
    @Test(arguments: [
        ("0123456789", QRSegment.Mode.numeric),
        ("HTTPS://GO.SHOP.EXAMPLE.COM/SPRING", .alphanumeric),
        ("https://go.shop.example.com/spring", .byte),
        ("café", .byte),
    ])
    func picksTheMostCompactModeThatCarriesTheText(text: String, mode: QRSegment.Mode) {
        #expect(QRSegment(text: text).mode == mode)
    }
}
