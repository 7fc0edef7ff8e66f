import Testing

@testable import DeepLinkService

struct RedirectPolicyTests {
    let policy = RedirectPolicy(configHosts: ["shop.example.com"], allowlist: ["*.partner.example"])

    @Test(arguments: [
        ("https://evil.com%252F.partner.example/", "% at position 17"),
        ("https://evil.com%2F.partner.example/", "% at position 17"),
        ("https://www.partner%2Eexample/", "% at position 20"),
        ("https://www\u{AD}.partner.example/", "U+00AD (soft hyphen) at position 12"),
        ("https://www.part\u{200B}ner.example/", "U+200B (zero-width space) at position 17"),
        ("https://www.partner\u{200D}.example/", "U+200D (zero-width joiner) at position 20"),
        ("https://\u{FEFF}www.partner.example/", "U+FEFF (byte order mark) at position 9"),
        ("https://evil.com\u{202E}elpmaxe.rentrap.www/", "U+202E (right-to-left override) at position 17"),
        ("https://www.partner.example\u{2066}/", "U+2066 (left-to-right isolate) at position 28"),
        ("https://www.partner.example\u{200F}/", "U+200F (right-to-left mark) at position 28"),
    ])
    func refusesHostsWithPercentEncodedOrInvisibleCharacters(url: String, where position: String) {
        #expect {
            try policy.redirectTarget(url, field: "fallbacks.webURL")
        } throws: { error in
            guard let error = error as? LinkServerError else { return false }
            return error.code == .disallowedURL && error.field == "fallbacks.webURL" && error.message.contains("the host contains")
                && error.message.contains(position)
        }
    }

    @Test func redirectsToTheURLWrittenAgainFromWhatWasChecked() throws {
        #expect(try policy.redirectTarget("https://WWW.Partner.Example/Cart?q=1#top", field: "webURL") == "https://www.partner.example/Cart?q=1#top")
        #expect(policy.redirectURL(for: "https://shop.example.com/a%20b?c=d%26e") == "https://shop.example.com/a%20b?c=d%26e")
        #expect(policy.redirectURL(for: "https://evil.com%252F.partner.example/") == nil)
    }

    @Test func namesTheControlCharacterAndItsPosition() {
        #expect {
            try policy.redirectTarget("https://shop.example.com/a\r\nSet-Cookie: x", field: "fallbacks.iosURL")
        } throws: { error in
            (error as? LinkServerError)?.message.contains("U+000D (carriage return) at position 27") == true
        }
    }
}
