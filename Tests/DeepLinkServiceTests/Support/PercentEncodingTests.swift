import Foundation
import Testing

@testable import DeepLinkService

/// The store hop's URL is written without `URLComponents`; these compare it with what
/// `URLComponents` writes (with `+` encoded in the query, as the hop always did), character by
/// character and on random text.
struct PercentEncodingTests {
    /// The hop as it was built before: `URLComponents`, then `+` encoded in the query.
    static func reference(path: String, query: [(name: String, value: String?)]) -> String {
        var components = URLComponents()
        components.path = path
        components.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? ""
    }

    @Test func encodesEveryASCIICharacterAsURLComponentsDoes() {
        for byte in UInt8(0)...UInt8(127) {
            let character = String(UnicodeScalar(byte))
            let query: [(name: String, value: String?)] = [("n" + character, "v" + character), ("flag" + character, nil)]
            let ours = PercentEncoding.pathAndQuery("/a" + character + "b/install", query: query)
            let theirs = Self.reference(path: "/a" + character + "b/install", query: query)
            #expect(ours == theirs, "byte \(byte)")
        }
    }

    @Test func encodesRandomTextAsURLComponentsDoes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09-_.~ +&=?#/%é中😀\u{0}\n!$'()*,;:@[]")
        for _ in 0..<500 {
            let text = { String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
            // A code is never empty; a path starting with `//` would be read as a host, and URLComponents writes none.
            let path = "/c" + text() + "/install"
            let query: [(name: String, value: String?)] = [("store", "apple"), (text(), text()), ("utm_source", text())]
            let ours = PercentEncoding.pathAndQuery(path, query: query)
            let theirs = Self.reference(path: path, query: query)
            #expect(ours == theirs, "\(path) \(query)")
        }
    }

    @Test func theStoreHopOfAStoredLinkKeepsItsUTMFieldsAndClick() {
        let link = Link(code: "spring", deepLink: "shop://sales/1", appStoreID: "123", createdAt: Date(), updatedAt: Date())
        let utm = UTMFields(source: "news letter", medium: "e+mail", campaign: "spring&summer")
        #expect(
            AppStore.apple.hopPath(for: link, utm: utm, click: "tok")
                == "/spring/install?store=apple&utm_source=news%20letter&utm_medium=e%2Bmail&utm_campaign=spring%26summer&deeplink_click=tok")
    }
}
