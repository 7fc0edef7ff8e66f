import Foundation
import Testing

import DeepLinkQRCode

struct QRCodeDrawingTests {
    let code: QRCode

    init() throws {
        code = try QRCode(encoding: "https://go.shop.example.com/spring")
    }

    @Test func svgPathCoversExactlyTheDarkModules() throws {
        let svg = try code.svg(moduleSize: 4, margin: 4)
        let path = try #require(svg.firstMatch(of: #/ d="([^"]*)"/#)?.output.1)
        var drawn = Set<[Int]>()
        for run in path.matches(of: #/M(\d+) (\d+)h(\d+)v1h-(\d+)z/#) {
            let x = Int(run.output.1)! - 4, y = Int(run.output.2)! - 4, length = Int(run.output.3)!
            #expect(run.output.3 == run.output.4)
            for column in x..<x + length { drawn.insert([column, y]) }
        }
        var dark = Set<[Int]>()
        for y in 0..<code.size { for x in 0..<code.size where code[x, y] { dark.insert([x, y]) } }
        #expect(drawn == dark)
    }

    @Test func svgSizeIsModulesAndQuietZoneTimesModuleSize() throws {
        let svg = try code.svg(moduleSize: 10, margin: 2)
        let side = (code.size + 4) * 10
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(side)\" height=\"\(side)\" "
            + "viewBox=\"0 0 \(code.size + 4) \(code.size + 4)\""))
    }

    @Test func svgTitleIsEscaped() throws {
        let svg = try code.svg(title: #"Spring <sale> & "more""#)
        #expect(svg.contains("<title>Spring &lt;sale&gt; &amp; &quot;more&quot;</title>"))
        #expect(!svg.contains("<sale>"))
    }

    @Test func pngHeaderGivesTheImageSideAsOneBitGreyscale() throws {
        let png = try code.png(moduleSize: 5, margin: 4)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
        let side = (code.size + 8) * 5
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == side)
        #expect(png[24] == 1 && png[25] == 0)
    }

    @Test func pngOfAPrintSizeCodeStaysSmall() throws {
        let png = try code.png(moduleSize: 20, margin: 4)
        #expect(png.count < 4_000, "\(png.count) bytes")
    }

    @Test(arguments: [(0, 4), (101, 4), (8, -1), (8, 41)])
    func refusesModuleSizesAndMarginsOutOfRange(moduleSize: Int, margin: Int) {
        #expect(throws: QRCodeError.self) { try code.svg(moduleSize: moduleSize, margin: margin) }
        #expect(throws: QRCodeError.self) { try code.png(moduleSize: moduleSize, margin: margin) }
    }

    @Test func refusesImagesLargerThanTheMaximumSide() throws {
        // A version 40 code: 177 modules and the margins, 185 × 21 = 3,885 pixels, 185 × 22 = 4,070.
        let large = try QRCode(encoding: "x", minimumVersion: 40)
        #expect(throws: QRCodeError.self) { try large.png(moduleSize: 22, margin: 4) }
        #expect(throws: Never.self) { try large.png(moduleSize: 21, margin: 4) }
        // A short link's code fits at every module size.
        let short = try QRCode(encoding: "https://go.shop.example.com/spring-sale-2026")
        #expect(throws: Never.self) { try short.svg(moduleSize: QRCode.moduleSizes.upperBound, margin: 4) }
    }
}
