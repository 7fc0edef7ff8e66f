import DeepLinkCore
import Testing

struct DeferredLinkTokenTests {
    @Test(arguments: [
        String(repeating: "a", count: 16), String(repeating: "Z", count: 128), "k3Jd9_sLq-2mZx8vWpR4tY7uB1nC5eH0",
        "----____00009999",
    ])
    func acceptsSixteenToOneHundredTwentyEightLettersDigitsDashesAndUnderscores(text: String) throws {
        let token = try #require(DeferredLinkToken(rawValue: text))
        #expect(token.rawValue == text)
        #expect(token.description == text)
    }

    @Test(arguments: [
        "", String(repeating: "a", count: 15), String(repeating: "a", count: 129), "k3Jd9_sLq-2mZx8v Wp", "k3Jd9_sLq-2mZx8v.Wp",
        "k3Jd9_sLq-2mZx8v+Wp", "k3Jd9_sLq-2mZx8v%20", "k3Jd9_sLq-2mZx8vWé", "k3Jd9_sLq-2mZx8vW\n", "ｋ3Jd9_sLq-2mZx8vWp",
    ])
    func refusesAnythingElse(text: String) {
        #expect(DeferredLinkToken(rawValue: text) == nil)
    }
}
