import DeepLinkCore
import Testing

/// Link queries read as browsers write forms, one parameter at a time: what pins the hand-written
/// reader, since Hummingbird's form decoder refuses a whole query for one repeated or undecodable
/// parameter and its `queryParameters` keeps `+`.
struct FormQueryTests {
    static func query(_ text: String) -> [String: String] {
        FormQuery.firstValues(percentEncoded: text)
    }

    @Test(arguments: [
        ("utm_source=spring+sale", "spring sale"), ("utm_source=a%2Bb", "a+b"), ("utm+source=x&utm_source=plus", "plus"),
        ("utm_source=first&utm_source=second", "first"), ("x=50%&utm_source=kept", "kept"), ("x=%ZZ&utm_source=kept", "kept"),
        ("a[b]=1&a=2&utm_source=kept", "kept"), ("flag&utm_source=kept", "kept"),
    ])
    func readsEachParameterOnItsOwn(query: String, source: String) {
        #expect(Self.query(query)["utm_source"] == source)
    }

    @Test func keepsWhatCannotBePercentDecodedAsItIsAndBareNamesAsEmpty() {
        #expect(Self.query("x=50%&flag") == ["x": "50%", "flag": ""])
    }
}
