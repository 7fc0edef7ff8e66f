import Crypto
import Foundation
import Testing

@testable import DeepLinkService

struct APIKeyTests {
    @Test func storesOnlyTheHashOfTheToken() {
        let key = APIKey.generate(name: "ci", at: Date())
        #expect(key.token.hasPrefix("dlk_\(key.record.id)_"))
        #expect(key.record.secretHash == SHA256.hex(key.token))
        #expect(!key.record.secretHash.contains(key.token.suffix(64)))
    }

    @Test func verifiesOnlyTheExactToken() {
        let key = APIKey.generate(name: "ci", at: Date())
        #expect(APIKey.verify(key.token, against: key.record))
        var tampered = Array(key.token)
        tampered[tampered.count - 1] = tampered.last == "0" ? "1" : "0"
        #expect(!APIKey.verify(String(tampered), against: key.record))
    }

    @Test(arguments: ["", "dlk_", "Bearer x", "dlk_abc_def", "dlk_zzzzzzzzzzzz_" + String(repeating: "0", count: 64)])
    func refusesTokensOfTheWrongShape(token: String) {
        #expect(APIKey.id(of: token) == nil)
    }

    @Test func generatesDifferentKeysEachTime() {
        let first = APIKey.generate(name: "a", at: Date())
        let second = APIKey.generate(name: "a", at: Date())
        #expect(first.token != second.token)
        #expect(first.record.id != second.record.id)
    }
}
