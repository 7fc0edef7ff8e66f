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

/// Issue 27: an admin manages webhook endpoints on the dashboard and reads their delivery log.
struct DashboardWebhookTests {
    @Test func anAdminCreatesAnEndpointSeesItsSecretOnceReadsItsDeliveriesAndDeletesIt() async throws {
        try await ServerHarness.run(.sqlite, resolver: FixedResolver(["hooks.test": ["93.184.216.34"]])) { server in
            let browser = try await DashboardBrowser.signIn(server)
            let empty = try await browser.get("/dashboard/webhooks")
            #expect(empty.status == .ok)
            #expect(empty.text.contains("No webhook endpoints yet."))
            #expect(empty.text.contains("name=\"event_link_created\" value=\"on\" checked"))
            #expect(!empty.text.contains("name=\"event_link_clicked\" value=\"on\" checked"), "link.clicked is opt-in")

            let refused = try await browser.post("/dashboard/webhooks", [("url", "https://10.0.0.1/hook"), ("event_link_created", "on")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("a private address (10.0.0.0/8)"), "\(refused.text)")
            #expect(refused.text.contains("value=\"https://10.0.0.1/hook\""), "the URL typed is kept")

            let created = try await browser.post("/dashboard/webhooks", [("url", "https://hooks.test/in"), ("event_link_created", "on"), ("event_app_opened", "on")])
            #expect(created.status == .ok)
            #expect(created.text.contains("Endpoint created: copy its secret now"))
            let secret = try #require(created.text.range(of: #"whsec_[A-Za-z0-9+/=]+"#, options: .regularExpression).map { String(created.text[$0]) })
            let endpoint = try #require(try await server.store.webhookEndpoints().first)
            #expect(endpoint.secret == secret)
            #expect(endpoint.events == [.linkCreated, .appOpened])
            #expect(endpoint.createdBy?.hasPrefix("key ") == true || endpoint.createdBy?.hasPrefix("key:") == true, "\(endpoint.createdBy ?? "")")
            let list = try await browser.get("/dashboard/webhooks")
            #expect(!list.text.contains(secret), "the secret is shown once")
            #expect(list.text.contains("link.created app.opened"))

            _ = try await server.createLink(#"{"code": "dash-hook", "deepLink": "shop://sales/1"}"#)
            let log = try await browser.get("/dashboard/webhooks/\(endpoint.id)")
            #expect(log.status == .ok)
            #expect(log.text.contains("link.created"))
            #expect(log.text.contains("not tried yet"))

            let deleted = try await browser.post("/dashboard/webhooks/\(endpoint.id)/delete", [])
            #expect(deleted.status == .seeOther)
            #expect(try await server.store.webhookEndpoints().isEmpty)
        }
    }

    @Test func anEditorMayNotManageWebhooks() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let (editor, _) = try await DashboardRoleTests.signIn(server, role: .editor)
            let page = try await editor.get("/dashboard/webhooks")
            #expect(page.status == .forbidden)
            #expect(page.text.contains("needs the admin role"))
            let links = try await editor.get("/dashboard/links")
            #expect(links.text.contains("class=\"needs-admin\" href=\"/dashboard/webhooks\""), "the entry is there, hidden by the role's class")
            #expect(links.text.contains("class=\"role-editor\""))
        }
    }
}
