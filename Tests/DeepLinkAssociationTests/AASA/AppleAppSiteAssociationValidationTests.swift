import DeepLinkCore
import Testing

@testable import DeepLinkAssociation

struct AppleAppSiteAssociationValidationTests {
    @Test(arguments: [
        "apple-documentation-example.json", "apple-substitution-variables-example.json", "legacy-paths-example.json",
        "ios9-details-object-example.json",
    ])
    func publishedExamplesHaveNoErrors(name: String) throws {
        let report = AppleAppSiteAssociation.validate(try AssociationFixtures.text(name), file: name)
        #expect(report.isValid)
        #expect(report.errors.isEmpty)
    }

    /// One broken input per row: the code, severity and JSON path the validator must report.
    @Test(arguments: [
        ("{\"applinks\": ", "invalid-json", Diagnostic.Severity.error, "(root)"),
        ("[]", "wrong-type", .error, "(root)"),
        ("{}", "no-services", .warning, "(root)"),
        ("{\"applinks\": {}}", "missing-value", .error, "applinks"),
        ("{\"applinks\": {\"apps\": [\"x\"], \"details\": []}}", "legacy-apps-not-empty", .warning, "applinks.apps"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [\"abc.com.x\"], \"components\": []}]}}", "invalid-app-id", .warning,
         "applinks.details[0].appIDs[0]"),
        ("{\"applinks\": {\"details\": [{\"components\": []}]}}", "missing-app-id", .error, "applinks.details[0]"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": [{\"/\": \"/$(food)\"}]}]}}",
         "unknown-variable", .error, "applinks.details[0].components[0][\"/\"]"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": [{\"/\": \"/*\"}, {\"/\": \"/a\"}]}]}}",
         "shadowed-rule", .warning, "applinks.details[0].components[1]"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": [{\"?\": {\"a\": 1}}]}]}}",
         "invalid-query-item", .error, "applinks.details[0].components[0][\"?\"].a"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": [{\"exclude\": \"true\"}]}]}}",
         "wrong-type", .error, "applinks.details[0].components[0].exclude"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": [{\"/\": \"/a\", \"/\": \"/b\"}]}]}}",
         "duplicate-key", .error, "applinks.details[0].components[0][\"/\"]"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": [{\"/\": \"/a\", \"exlude\": true}]}]}}",
         "unknown-key", .warning, "applinks.details[0].components[0].exlude"),
        ("{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": [{\"?\": 3}]}]}}",
         "wrong-type", .error, "applinks.details[0].components[0][\"?\"]"),
        ("{\"applinks\": {\"details\": [{\"appID\": \"ABCDE12345.a.b\", \"paths\": [\"/a\"]}]}}", "missing-legacy-apps",
         .warning, "applinks"),
        ("{\"applinks\": {\"apps\": [], \"details\": [{\"appID\": \"ABCDE12345.a.b\", \"paths\": [\"/$(digit)\"]}]}}",
         "variable-in-legacy-path", .warning, "applinks.details[0].paths[0]"),
        ("{\"webcredentials\": {\"apps\": [\"ABCDE12345\"]}}", "invalid-app-id", .warning, "webcredentials.apps[0]"),
    ] as [(String, String, Diagnostic.Severity, String)])
    func brokenFilesAreReportedWithCodeSeverityAndPath(text: String, code: String, severity: Diagnostic.Severity, path: String) {
        let report = AppleAppSiteAssociation.validate(text, file: "aasa")
        let finding = report.diagnostics.first { $0.code == code }
        #expect(finding?.severity == severity, "\(report.diagnostics)")
        #expect(finding?.path.description == path)
        #expect(finding?.file == "aasa")
    }

    @Test func diagnosticsCarryTheLineOfTheOffendingValue() {
        let text = """
            {
              "applinks": {
                "details": [
                  { "appIDs": ["ABCDE12345.a.b"], "components": 5 }
                ]
              }
            }
            """
        let report = AppleAppSiteAssociation.validate(text)
        #expect(report.errors.first?.location?.line == 4)
    }

    @Test func filesOver128KilobytesAreErrors() {
        let padding = String(repeating: "x", count: 130 * 1024)
        let text = "{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": [{\"comment\": \"\(padding)\"}]}]}}"
        #expect(AppleAppSiteAssociation.validate(text).errors.map(\.code) == ["file-too-large"])
    }

    @Test func parseRefusesAFileWithErrorsAndCarriesTheDiagnostics() throws {
        #expect {
            try AppleAppSiteAssociation.parse("[]", file: "bad")
        } throws: { error in
            guard let error = error as? AssociationError else { return false }
            return error.code == .invalidFile && error.diagnostics.map(\.code) == ["wrong-type"]
        }
        // iOS loads a file without services; it only associates nothing.
        #expect(try AppleAppSiteAssociation.parse("{}", file: "empty").details.isEmpty)
    }

    @Test func servicesListTheirAppIDs() throws {
        let file = try AssociationFixtures.association("apple-documentation-example.json")
        #expect(file.webCredentialsApps == ["ABCDE12345.com.example.app"])
        #expect(file.appClipsApps == ["ABCED12345.com.example.MyApp.Clip"])
        #expect(file.appLinkAppIDs == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"])
    }
}
