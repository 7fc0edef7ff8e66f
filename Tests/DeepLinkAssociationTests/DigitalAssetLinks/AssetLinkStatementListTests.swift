import DeepLinkCore
import Testing

@testable import DeepLinkAssociation

private let fingerprint = AssociationFixtures.fingerprint

struct AssetLinkStatementListTests {
    @Test func googleDocumentationExampleReadsAllThreeKindsOfEntry() throws {
        let list = try AssetLinkStatementList.parse(try AssociationFixtures.text("google-documentation-example.json"))
        #expect(list.statements.count == 2)
        #expect(list.includes == ["https://example.com/includedstatements.json"])
        #expect(list.statements[1].target == .web(site: "https://signin.example.com"))
    }

    @Test func googleDynamicRulesExampleIsValid() throws {
        let report = AssetLinkStatementList.validate(try AssociationFixtures.text("google-dynamic-rules-example.json"))
        #expect(report.isValid)
        #expect(report.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("{\"relation\": []}", "not-a-list", "(root)"),
        ("[{\"relation\": [\"delegate_permission/common.handle_all_urls\"]}]", "missing-value", "[0]"),
        ("[{\"relation\": [\"Delegate_Permission/Handle\"], \"target\": {\"namespace\": \"web\", \"site\": \"https://a.com\"}}]",
         "invalid-relation", "[0].relation[0]"),
        ("[{\"relation\": [\"x/y\"], \"target\": {\"namespace\": \"ios_app\"}}]", "unknown-namespace", "[0].target.namespace"),
        ("[{\"relation\": [\"x/y\"], \"target\": {\"namespace\": \"web\", \"site\": \"https://a.com/path\"}}]", "invalid-site",
         "[0].target.site"),
        ("[{\"include\": \"http://a.com/list.json\"}]", "invalid-include", "[0].include"),
        ("[{\"relation\": [\"x/y\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"com.a\", "
            + "\"sha256_cert_fingerprints\": [\"\(fingerprint.lowercased())\"]}}]", "lowercase-fingerprint",
         "[0].target.sha256_cert_fingerprints[0]"),
        ("[{\"relation\": [\"x/y\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"com.a\", "
            + "\"sha256_cert_fingerprints\": [\"\(fingerprint.prefix(59))\"]}}]", "sha1-fingerprint",
         "[0].target.sha256_cert_fingerprints[0]"),
        ("[{\"relation\": [\"x/y\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"com.a\", "
            + "\"sha256_cert_fingerprints\": [\"AB:CD\"]}}]", "invalid-fingerprint", "[0].target.sha256_cert_fingerprints[0]"),
        ("[{\"relation\": [\"x/y\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"1com\", "
            + "\"sha256_cert_fingerprints\": [\"\(fingerprint)\"]}}]", "invalid-package", "[0].target.package_name"),
        ("[{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"relation_extensions\": "
            + "{\"delegate_permission/common.handle_all_urls\": {\"dynamic_app_link_components\": [{\"?\": \"a=b\"}]}}, "
            + "\"target\": {\"namespace\": \"web\", \"site\": \"https://a.com\"}}]", "wrong-type",
         "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components[0][\"?\"]"),
        ("[{\"relation\": [\"x/y\"], \"target\": {\"namespace\": \"web\", \"site\": \"https://a.com\"},}]", "invalid-json",
         "(root)"),
    ] as [(String, String, String)])
    func brokenStatementListsAreReportedWithCodeAndPath(text: String, code: String, path: String) {
        let report = AssetLinkStatementList.validate(text)
        let finding = report.diagnostics.first { $0.code == code }
        #expect(finding?.severity == .error, "\(report.diagnostics)")
        #expect(finding?.path.description == path)
    }

    @Test func anUnknownRelationIsOnlyAWarning() {
        let report = AssetLinkStatementList.validate(
            "[{\"relation\": [\"delegate_permission/common.other\"], \"target\": {\"namespace\": \"web\", \"site\": \"https://a.com\"}}]")
        #expect(report.isValid)
        #expect(report.diagnostics.map(\.code) == ["unknown-relation"])
    }

    @Test func serializedListsReadBackUnchanged() throws {
        let list = try AssetLinkStatementList.parse(try AssociationFixtures.text("google-documentation-example.json"))
        #expect(try AssetLinkStatementList.parse(list.jsonText) == list)
    }
}

struct AssetLinksCheckTests {
    func googleExample() throws -> AssetLinkStatementList {
        try AssetLinkStatementList.parse(try AssociationFixtures.text("google-documentation-example.json"))
    }

    @Test func aListedPackageAndFingerprintAreLinked() throws {
        let result = try googleExample().check(site: "https://example.com", package: "com.example", fingerprint: fingerprint)
        #expect(result.linked)
        #expect(result.statement?.jsonPath.description == "[0]")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func theFingerprintArgumentMayBeLowercase() throws {
        let result = try googleExample().check(
            site: "https://example.com", package: "com.example", fingerprint: fingerprint.lowercased())
        #expect(result.linked)
    }

    @Test(arguments: [
        ("com.other", fingerprint, AssetLinkStatement.handleAllURLs, "package-not-listed"),
        ("com.example", "AA" + fingerprint.dropFirst(2), AssetLinkStatement.handleAllURLs, "fingerprint-not-listed"),
        ("com.example", fingerprint, AssetLinkStatement.getLoginCredentials, "relation-not-granted"),
    ] as [(String, String, String, String)])
    func unlinkedAppsSayWhy(package: String, fingerprint: String, relation: String, code: String) throws {
        let result = try googleExample().check(
            site: "https://example.com", package: package, fingerprint: fingerprint, relation: relation)
        #expect(!result.linked)
        #expect(result.diagnostics.map(\.code) == [code, "include-not-followed"])
    }

    @Test func aLowercaseFingerprintInTheFileIsNotLinked() throws {
        let text = """
            [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
              "package_name": "com.example", "sha256_cert_fingerprints": ["\(fingerprint.lowercased())"]}}]
            """
        let list = AssetLinkStatementList.validate(text).list
        let result = try #require(list).check(site: "https://example.com", package: "com.example", fingerprint: fingerprint)
        #expect(!result.linked)
        #expect(result.diagnostics.map(\.code) == ["lowercase-fingerprint"])
    }

    @Test(arguments: [
        ("example.com", "com.example", fingerprint),
        ("https://example.com", "example", fingerprint),
        ("https://example.com", "com.example", "AB:CD"),
    ])
    func malformedArgumentsAreRefused(site: String, package: String, fingerprint: String) throws {
        #expect(throws: AssociationError.self) {
            try googleExample().check(site: site, package: package, fingerprint: fingerprint)
        }
    }

    @Test func theCheckIsJSONWithLinkedAndDiagnostics() throws {
        let result = try googleExample().check(site: "https://example.com", package: "com.other", fingerprint: fingerprint)
        let json = result.jsonValue.objectValue
        #expect(json?["linked"] == false)
        #expect(json?["diagnostics"].map { value in
            if case .array(let items) = value { return items.count }
            return 0
        } == 2)
    }
}
