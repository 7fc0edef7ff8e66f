import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkService

struct DeferredClickTokenTests {
    @Test func aTokenIsATimePrefixThen24RandomBytesInBase64URLThatFoundationDecodesBack() throws {
        let token = DeferredClick.generateToken()
        #expect(token.count == 40)
        #expect(DeferredLinkToken(rawValue: token) != nil)
        let standard = token.dropFirst(8).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let bytes = try #require(Data(base64Encoded: standard))
        #expect(bytes.count == 24)
        #expect(bytes.base64EncodedString() == standard)
    }

    @Test func tokensUseTheWholeAlphabetAndNeverRepeat() {
        let tokens = (0..<2_000).map { _ in DeferredClick.generateToken() }
        #expect(Set(tokens).count == tokens.count)
        let used = Set(tokens.map { $0.dropFirst(8) }.joined())
        #expect(used == Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"))
    }

    @Test func tokensMadeLaterSortAfterEarlierOnesByteForByte() {
        let start = Date(timeIntervalSince1970: 1_764_000_000)
        let moments = [0, 0.001, 0.002, 0.063, 0.064, 1, 60, 86_400, 365 * 86_400, 100 * 365 * 86_400].map { start.addingTimeInterval($0) }
        let tokens = moments.map { DeferredClick.generateToken(at: $0) }
        for (earlier, later) in zip(tokens, tokens.dropFirst()) {
            #expect(Array(earlier.utf8.prefix(8)).lexicographicallyPrecedes(Array(later.utf8.prefix(8))), "\(earlier) then \(later)")
        }
        #expect(Set(tokens.map { $0.prefix(8) }).count == tokens.count)
    }
}
