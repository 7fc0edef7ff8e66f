import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkServer

struct DeferredClickTokenTests {
    @Test func aTokenIs24RandomBytesInBase64URLThatFoundationDecodesBack() throws {
        let token = DeferredClick.generateToken()
        #expect(token.count == 32)
        #expect(DeferredLinkToken(rawValue: token) != nil)
        let standard = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let bytes = try #require(Data(base64Encoded: standard))
        #expect(bytes.count == 24)
        #expect(bytes.base64EncodedString() == standard)
    }

    @Test func tokensUseTheWholeAlphabetAndNeverRepeat() {
        let tokens = (0..<2_000).map { _ in DeferredClick.generateToken() }
        #expect(Set(tokens).count == tokens.count)
        let used = Set(tokens.joined())
        #expect(used == Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"))
    }
}
