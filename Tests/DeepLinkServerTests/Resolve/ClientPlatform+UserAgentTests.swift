import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct ClientPlatformUserAgentTests {
    @Test(arguments: [
        (ServerHarness.iPhone, ClientPlatform.ios), (ServerHarness.android, .android), (ServerHarness.desktop, .desktop),
        (ServerHarness.crawler, .crawler), ("Twitterbot/1.0", .crawler), ("Slackbot-LinkExpanding 1.0", .crawler),
        ("WhatsApp/2.23.20.0 A", .crawler), ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)", .ios), ("curl/8.5.0", .desktop),
    ])
    func classifiesUserAgents(userAgent: String, platform: ClientPlatform) {
        #expect(ClientPlatform(userAgent: userAgent) == platform)
    }
}
