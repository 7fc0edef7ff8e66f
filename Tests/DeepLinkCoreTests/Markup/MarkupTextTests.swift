import Testing

@testable import DeepLinkCore

struct MarkupTextTests {
    @Test(arguments: [
        ("Tom & Jerry", "Tom &amp; Jerry"),
        (#"<a href="x">'quoted'</a>"#, "&lt;a href=&quot;x&quot;&gt;&#39;quoted&#39;&lt;/a&gt;"),
        ("é\u{301} 🇩🇪 plain", "é\u{301} 🇩🇪 plain"),
        ("", ""),
    ])
    func escapesTheFiveMarkupCharactersAndKeepsEveryOtherScalar(text: String, escaped: String) {
        #expect(MarkupText.escaped(text) == escaped)
    }
}
