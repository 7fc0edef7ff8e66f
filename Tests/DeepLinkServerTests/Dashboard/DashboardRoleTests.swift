import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: dashboard users have roles, keys are made within them after the password is given
/// again, and record who made them.
struct DashboardRoleTests {
    static let password = "correct horse battery"

    /// Creates a user with `role` and signs them in.
    static func signIn(_ server: ServerHarness, role: DashboardRole) async throws -> (browser: DashboardBrowser, name: String) {
        let name = "\(role.rawValue)-\(UUID().uuidString.prefix(6).lowercased())"
        try await server.store.insert(
            DashboardUser(name: name, passwordHash: try DashboardPassword.hash(password), createdAt: Date(), role: role))
        let response = try await DashboardBrowser.postSignIn(server, "name=\(name)&password=correct+horse+battery&next=%2Fdashboard%2Fkeys")
        #expect(response.status == .seeOther)
        let setCookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("deeplink_session=") })
        let cookie = try #require(setCookie.split(separator: ";").first.map(String.init))
        let page = try await server.client.execute(uri: "/dashboard/keys", method: .get, headers: [.cookie: cookie])
        let marker = try #require(page.text.range(of: "name=\"form_token\" value=\""))
        let token = String(page.text[marker.upperBound...].prefix { $0 != "\"" })
        return (DashboardBrowser(server: server, cookie: cookie, formToken: token), name)
    }

    @Test func aViewerSeesLinksButCannotCreateChangeOrDeleteThem() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = "role-\(UUID().uuidString.prefix(8).lowercased())"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://sales/42"}"#)
            let (viewer, _) = try await Self.signIn(server, role: .viewer)
            #expect(try await viewer.get("/dashboard/links").status == .ok)
            let page = try await viewer.get("/dashboard/links/\(code)")
            #expect(page.status == .ok)
            #expect(page.text.contains("<body class=\"role-viewer\">"), "the controls that change links are hidden")
            for uri in ["/dashboard/new-link", "/dashboard/links/\(code)/edit", "/dashboard/links/\(code)/delete"] {
                let refused = try await viewer.get(uri)
                #expect(refused.status == .forbidden, "\(uri)")
                #expect(refused.text.contains("needs the editor role"))
            }
            let posted = try await viewer.post("/dashboard/links/\(code)/delete", [])
            #expect(posted.status == .forbidden)
            #expect(try await server.store.link(code: code) != nil, "a viewer's delete changed nothing")
        }
    }

    @Test func anEditorChangesLinks() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = "role-\(UUID().uuidString.prefix(8).lowercased())"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://sales/42"}"#)
            let (editor, _) = try await Self.signIn(server, role: .editor)
            #expect(try await editor.get("/dashboard/links/\(code)/edit").status == .ok)
            let deleted = try await editor.post("/dashboard/links/\(code)/delete", [])
            #expect(deleted.status == .seeOther)
            #expect(try await server.store.link(code: code) == nil)
        }
    }

    @Test func keysAreMadeWithinTheRoleAfterThePasswordIsGivenAgainAndRecordWhoMadeThem() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let (editor, name) = try await Self.signIn(server, role: .editor)
            let form = try await editor.get("/dashboard/keys")
            #expect(form.text.contains("name=\"scope_links_write\""))
            #expect(!form.text.contains("name=\"scope_admin\""), "an editor is not offered admin keys")

            let beyond = try await editor.post("/dashboard/keys", [("name", "too much"), ("scope_admin", "on"), ("confirm", Self.password)])
            #expect(beyond.status == .forbidden)
            #expect(beyond.text.contains("you may create keys with links:read, links:write only, not admin"))

            let wrong = try await editor.post("/dashboard/keys", [("name", "ci"), ("scope_links_read", "on"), ("confirm", "not my password")])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("That is not your password; no key was created."))

            let none = try await editor.post("/dashboard/keys", [("name", "ci"), ("confirm", Self.password)])
            #expect(none.status == .unprocessableContent)
            #expect(none.text.contains("at least one scope"))

            let before = Set(try await server.store.apiKeys().map(\.id))
            let made = try await editor.post("/dashboard/keys", [("name", "ci"), ("scope_links_read", "on"), ("confirm", Self.password)])
            #expect(made.status == .ok)
            #expect(made.text.contains("Key created: copy it now"))
            let key = try #require(try await server.store.apiKeys().first { !before.contains($0.id) })
            #expect(key.scopes == [.linksRead])
            #expect(key.createdBy == .user(name: name))
            #expect(made.text.contains("by user \(name)"))
        }
    }

    @Test func onlyAnAdminRevokesAKeySomeoneElseMade() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let other = APIKey.generate(name: "someone else's", at: Date(), scopes: [.linksRead], createdBy: .user(name: "someone"))
            try await server.store.insert(other.record)
            let (editor, name) = try await Self.signIn(server, role: .editor)
            let own = APIKey.generate(name: "mine", at: Date(), scopes: [.linksRead], createdBy: .user(name: name))
            try await server.store.insert(own.record)

            #expect(try await editor.get("/dashboard/keys/\(other.record.id)/revoke").status == .forbidden)
            #expect(try await editor.post("/dashboard/keys/\(other.record.id)/revoke", []).status == .forbidden)
            #expect(try await server.store.apiKey(id: other.record.id)?.revokedAt == nil)
            #expect(try await editor.post("/dashboard/keys/\(own.record.id)/revoke", []).status == .seeOther)
            #expect(try await server.store.apiKey(id: own.record.id)?.revokedAt != nil)

            let admin = try await DashboardBrowser.signIn(server)
            #expect(try await admin.post("/dashboard/keys/\(other.record.id)/revoke", []).status == .seeOther)
        }
    }

    @Test func aKeySignsInWithTheRoleItsScopesGiveAndAWebhooksKeyCannotSignIn() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let reader = APIKey.generate(name: "reader", at: Date(), scopes: [.linksRead])
            try await server.store.insert(reader.record)
            let signedIn = try await DashboardBrowser.postSignIn(server, "key=\(reader.token)")
            #expect(signedIn.status == .seeOther)
            let cookie = try #require(signedIn.headers[values: .setCookie].first { $0.hasPrefix("deeplink_session=") }?.split(separator: ";").first)
            let refused = try await server.client.execute(uri: "/dashboard/new-link", method: .get, headers: [.cookie: String(cookie)])
            #expect(refused.status == .forbidden)

            let hooks = APIKey.generate(name: "hooks", at: Date(), scopes: [.webhooks])
            try await server.store.insert(hooks.record)
            let denied = try await DashboardBrowser.postSignIn(server, "key=\(hooks.token)")
            #expect(denied.status == .forbidden)
            #expect(denied.text.contains("its scopes give no access to the dashboard"))
        }
    }
}
