import DeepLinkService
import Testing

/// What a role may do, and the role a key's scopes give a session signed in with it.
struct DashboardRoleTests {
    static let roles: [(Set<APIKeyScope>, DashboardRole?)] = [([.admin], .admin), ([.linksWrite, .webhooks], .editor), ([.linksRead], .viewer), ([.webhooks], nil)]

    @Test(arguments: roles)
    func aKeysScopesGiveItsSessionARole(scopes: Set<APIKeyScope>, role: DashboardRole?) {
        #expect(DashboardRole(scopes: scopes) == role)
    }

    @Test func eachRoleGrantsKeysWithinWhatItMayDo() {
        #expect(DashboardRole.viewer.grantableScopes == [.linksRead])
        #expect(DashboardRole.editor.grantableScopes == [.linksRead, .linksWrite])
        #expect(DashboardRole.admin.grantableScopes == Set(APIKeyScope.allCases))
    }

    @Test func aRoleIsWrittenWithItsArticle() {
        #expect(DashboardRole.allCases.map(\.withArticle) == ["a viewer", "an editor", "an admin"])
    }
}
