import DeepLinkCore
import DeepLinkService
import DeepLinkTesting
import Foundation
import Testing

/// The dashboard's link form against the editor the admin API uses: a link the form creates
/// survives its own edit form, as `FuzzDashboardForm` checks for any input, and every input the
/// fuzzer found wrong (`Tests/Fixtures/Fuzz/FuzzDashboardForm/`) is replayed.
struct LinkFormTests {
    static let editor: LinkEditor = {
        let configuration = try! ServerConfiguration(reading: try! DeepLinkConfig.load(contentsOf: Fixtures.shopConfig))
        return LinkEditor(setup: try! DeepLinkSetup(configuration: configuration))
    }()
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static var findings: [String] {
        let folder = Fixtures.file("Fuzz/FuzzDashboardForm")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Creates a link from a posted form; if it is accepted, submits its edit form as a new link
    /// and as an unchanged edit, expecting the same link both times.
    static func expectTheEditFormKeepsTheLink(_ body: String) throws {
        let form = FormQuery.firstValues(percentEncoded: body)
        let link: Link
        do {
            link = try editor.create(from: LinkForm.json(form, forUpdate: false), now: now)
        } catch {
            #expect(!error.message.isEmpty)
            if let field = error.field { #expect(LinkField.named(field) != nil, "\(field)") }
            return
        }
        let shown = LinkForm.values(of: link)
        #expect(try editor.create(from: LinkForm.json(shown, forUpdate: false), now: now) == link)
        #expect(try editor.update(link, with: LinkForm.json(shown, forUpdate: true), now: now) == link)
    }

    @Test(arguments: findings)
    func aFuzzFindingNoLongerBreaksTheEditForm(name: String) throws {
        let data = try Data(contentsOf: Fixtures.file("Fuzz/FuzzDashboardForm/\(name)"))
        try Self.expectTheEditFormKeepsTheLink(String(decoding: data, as: UTF8.self))
    }

    @Test func anExpiryWithSecondsIsShownWithThemAndKept() throws {
        try Self.expectTheEditFormKeepsTheLink("deepLink=shop%3A%2F%2Fcart&expiresAt=2027-06-01T10%3A00%3A30")
        let link = try Self.editor.create(from: LinkForm.json(["deepLink": "shop://cart", "expiresAt": "2027-06-01T10:00:30"], forUpdate: false), now: Self.now)
        #expect(LinkForm.values(of: link)["expiresAt"] == "2027-06-01T10:00:30")
    }

    /// Foundation's ISO 8601 reader takes these; RFC 3339 does not, and the form could not show them.
    @Test(arguments: ["27600-02-01T10:00:30Z", "2027-2-01T10:00:30Z", "2027-02-01 10:00:30Z", "2027-02-01T10:00Z", "2027-02-01T10:00:30", "2027-02-01T10:00:30.Z", "2027-02-01T10:00:30+0200"])
    func anExpiryThatIsNotRFC3339IsRefused(text: String) {
        #expect(throws: LinkServerError.self) {
            try Self.editor.create(from: .object(["deepLink": .string("shop://cart"), "expiresAt": .string(text)]), now: Self.now)
        }
    }

    @Test(arguments: ["2027-02-01T10:00:30Z", "2027-02-01t10:00:30z", "2027-02-01T10:00:30.125Z", "2027-02-01T10:00:30+02:00", "2027-02-01T10:00:30-05:30"])
    func anRFC3339ExpiryIsAccepted(text: String) throws {
        let link = try Self.editor.create(from: .object(["deepLink": .string("shop://cart"), "expiresAt": .string(text)]), now: Self.now)
        #expect(link.expiresAt != nil)
    }
}
