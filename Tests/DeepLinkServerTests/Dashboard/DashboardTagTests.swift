import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: the dashboard's list filters by tag, shows each link's tags, and a tag's page sums
/// its links' numbers.
struct DashboardTagTests {
    @Test func aTagWithAPlusSurvivesTheListsLinks() async throws {
        try await ServerHarness.run(.sqlite) { server in
            _ = try await server.createLink(#"{"code": "plus-1", "deepLink": "shop://sales/1", "tags": ["e+f"]}"#)
            _ = try await server.createLink(#"{"code": "plus-2", "deepLink": "shop://sales/2", "tags": ["e f"]}"#)
            let browser = try await DashboardBrowser.signIn(server)
            let list = try await browser.get("/dashboard/links")
            // The tag's link writes "+" encoded; read back as a form, it is "e+f", not "e f".
            #expect(list.text.contains(#"href="/dashboard/links?page=1&amp;tag=e%2Bf">e+f</a>"#), "\(list.text)")
            let filtered = try await browser.get("/dashboard/links?page=1&tag=e%2Bf")
            #expect(filtered.text.contains("/dashboard/links/plus-1\""))
            #expect(!filtered.text.contains("/dashboard/links/plus-2\""), "the tag e f is another tag")
            let tagPage = try await browser.get("/dashboard/tags/e+f")
            #expect(tagPage.text.contains(#"href="/dashboard/links?tag=e%2Bf""#), "\(tagPage.text)")
        }
    }

    @Test func theListFiltersByTagAndATagsPageSumsItsLinksNumbers() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let tag = "t\(UUID().uuidString.prefix(8).lowercased())"
            _ = try await server.createLink(#"{"code": "\#(tag)-1", "deepLink": "shop://sales/1", "tags": ["\#(tag)", "spring sale"]}"#)
            _ = try await server.createLink(#"{"code": "\#(tag)-2", "deepLink": "shop://sales/2"}"#)
            try await server.store.record([
                Click(code: "\(tag)-1", day: Date().utcDay, platform: .ios): 6, Click(code: "\(tag)-2", day: Date().utcDay, platform: .ios): 50,
            ])
            let browser = try await DashboardBrowser.signIn(server)

            let list = try await browser.get("/dashboard/links?tag=\(tag)")
            #expect(list.status == .ok)
            #expect(list.text.contains("/dashboard/links/\(tag)-1\""))
            #expect(!list.text.contains("/dashboard/links/\(tag)-2\""), "only the tag's links")
            #expect(list.text.contains("<option value=\"\(tag)\" selected>"))
            #expect(list.text.contains("<a class=\"tag\" href=\"/dashboard/links?page=1&amp;tag=spring%20sale\">spring sale</a>"), "\(list.text)")
            #expect(list.text.contains("href=\"/dashboard/tags/\(tag)\" id=\"tag-numbers\""))

            let page = try await browser.get("/dashboard/tags/\(tag)")
            #expect(page.status == .ok)
            #expect(page.text.contains("1 link has this tag."))
            #expect(page.text.contains("Links tagged “\(tag)”"))
            let csv = try await browser.get("/dashboard/tags/\(tag)/numbers.csv?days=7")
            #expect(csv.headers[.contentDisposition]?.contains("filename=\"tag-\(tag)-") == true)
            #expect(csv.text.contains("platform,ios,6"), "\(csv.text.prefix(300))")

            let spaced = try await browser.get("/dashboard/tags/spring%20sale")
            #expect(spaced.text.contains("Links tagged “spring sale”"))
        }
    }
}
