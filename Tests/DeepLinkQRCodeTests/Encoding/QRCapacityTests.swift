import Testing

@testable import DeepLinkQRCode

struct QRCapacityTests {
    @Test(arguments: [2, 7, 22, 32, 40])
    func alignmentPatternCentresFollowAnnexE(version: Int) {
        let expected: [Int: [Int]] = [
            2: [6, 18], 7: [6, 22, 38], 22: [6, 26, 50, 74, 98], 32: [6, 34, 60, 86, 112, 138],
            40: [6, 30, 58, 86, 114, 142, 170],
        ]
        #expect(QRCapacity.alignmentCentres(version: version) == expected[version])
    }
}
