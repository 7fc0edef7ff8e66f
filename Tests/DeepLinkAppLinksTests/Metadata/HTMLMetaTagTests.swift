import DeepLinkAppLinks
import Testing

struct HTMLMetaTagTests {
    @Test(arguments: [
        (#"<meta property="al:ios:url" content="example://a">"#, "example://a"),
        (#"<meta property='al:ios:url' content='example://a'>"#, "example://a"),
        (#"<meta property=al:ios:url content=example://a>"#, "example://a"),
        (#"<meta content="example://a" property="al:ios:url">"#, "example://a"),
        (#"<META PROPERTY="AL:IOS:URL" CONTENT="example://a">"#, "example://a"),
        (#"<meta property="al:ios:url" content="example://a"/>"#, "example://a"),
        (#"<meta property="al:ios:url" content=example://a/>"#, "example://a/"),
        ("<meta\n\tproperty = \"al:ios:url\"\n\tcontent = \"example://a\"\n>", "example://a"),
        (#"<meta name="al:ios:url" content="example://a">"#, "example://a"),
        (#"<meta property="al:ios:url" name="other" content="example://a">"#, "example://a"),
        (#"<meta property="al:ios:url" content="  example://a  ">"#, "example://a"),
        (#"<meta property="al:ios:url" content="x://?a=1&amp;b=2">"#, "x://?a=1&b=2"),
        (#"<meta property="al:ios:url" content="x://a>b">"#, "x://a>b"),
        (#"<meta property="al:ios:url" content="first" content="second">"#, "first"),
    ])
    func readsAPropertyWhateverTheMarkupStyle(html: String, content: String) {
        #expect(HTMLMetaTag.scan(html) == [HTMLMetaTag(property: "al:ios:url", content: content)])
    }

    @Test(arguments: [
        #"<!-- <meta property="al:ios:url" content="x://a"> -->"#,
        #"<script>var s = '<meta property="al:ios:url" content="x://a">';</script>"#,
        #"<SCRIPT type="text/javascript">'<meta property="al:ios:url" content="x://a">'</SCRIPT>"#,
        #"<style>/* <meta property="al:ios:url" content="x://a"> */</style>"#,
        #"<title><meta property="al:ios:url" content="x://a"></title>"#,
        #"<textarea><meta property="al:ios:url" content="x://a"></textarea>"#,
        #"<div title='<meta property="al:ios:url" content="x://a">'></div>"#,
        #"<meta property="al:ios:url">"#,
        #"<meta content="x://a">"#,
        #"<meta property="al:ios:url" content="x://a"#,
        #"<meta property="al:ios:url" content="x://a""#,
        #"<metadata property="al:ios:url" content="x://a">"#,
    ])
    func findsNoTagWhereNoneIsMeant(html: String) {
        #expect(HTMLMetaTag.scan(html).isEmpty)
    }

    @Test func keepsTagsInPageOrderAcrossTheWholeDocument() {
        let html = """
            <html><head><meta property="al:ios:url" content="a://1"></head>
            <body>text < with a stray sign <br/> <!-- comment -->
            <meta property="al:ios:url" content="a://2"></body></html>
            <meta property="al:ios:url" content="a://3">
            """
        #expect(HTMLMetaTag.scan(html).map(\.content) == ["a://1", "a://2", "a://3"])
    }

    @Test(arguments: [
        ("&amp; &lt; &gt; &quot; &apos;", "& < > \" '"),
        ("&#39;&#x27;&#X27;&#65;&#x1F600;", "'''A\u{1F600}"),
        ("&AMP;&LT;&GT;&QUOT;&nbsp;", "&<>\"\u{A0}"),
        ("&#0;&#xD800;&#x110000;", "\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("&unknown; &amp &#; &#x; &#+39; &#12a; & alone", "&unknown; &amp &#; &#x; &#+39; &#12a; & alone"),
        ("&amp;amp;", "&amp;"),
        ("caf\u{E9} &#233;", "caf\u{E9} \u{E9}"),
    ])
    func decodesCharacterReferencesInValues(encoded: String, decoded: String) {
        let tags = HTMLMetaTag.scan("<meta property=\"p\" content=\"\(encoded)\">")
        #expect(tags.map(\.content) == [decoded])
    }
}
