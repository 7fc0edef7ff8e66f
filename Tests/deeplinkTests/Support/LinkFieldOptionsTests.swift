import ArgumentParser
import DeepLinkService
import Testing

@testable import deeplink

/// `links create` and `links update` take the link catalog's fields: one option per field, named
/// and explained by the catalog, each mapped to the field's JSON path.
struct LinkFieldOptionsTests {
    @Test func everyCatalogFieldButTheCodeHasAnOptionNamedByTheCatalog() throws {
        let options = try LinkFieldOptions.parse([])
        let paths = options.options.map(\.path)
        #expect(paths == LinkField.all.filter { $0.kind != .code }.map(\.path))
        #expect(try LinkFieldOptions.parse(["--campaign", "spring"]).givenFields.map(\.path) == ["utm.campaign"], "the link's one campaign")
        let help = LinkFieldOptions.helpMessage()
        for field in LinkField.all where field.kind != .code {
            #expect(help.contains("--\(field.flag) ") || help.contains("--\(field.flag),"), "--\(field.flag)")
        }
    }

    @Test func eachOptionLandsOnItsFieldsPath() throws {
        let arguments = LinkField.all.filter { $0.kind != .code }.flatMap { ["--\($0.flag)", "value of \($0.path)"] }
        let options = try LinkFieldOptions.parse(arguments)
        for (path, value) in options.givenFields {
            #expect(value == "value of \(path)")
        }
        #expect(options.givenFields.count == LinkField.all.count - 1)
    }
}
