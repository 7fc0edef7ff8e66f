import Foundation
import Testing

@testable import DeepLinkServer

struct DashboardTemplatesTests {
    @Test func aDashboardWithoutOneOfItsTemplatesDoesNotLoad() throws {
        let copy = try TemplateFolderCopy("Dashboard")
        defer { copy.delete() }
        try copy.remove("numbers.mustache")
        let error = #expect(throws: TemplateLoadingError.self) { try DashboardTemplates(directory: copy.directory) }
        #expect(error?.file == "Templates/Dashboard/numbers.mustache")
    }

    @Test func aBrokenDashboardTemplateIsNamed() throws {
        let copy = try TemplateFolderCopy("Dashboard")
        defer { copy.delete() }
        try copy.write("{{#keys}}\n{{name}\n{{/keys}}\n", to: "keys.mustache")
        let error = #expect(throws: TemplateLoadingError.self) { try DashboardTemplates(directory: copy.directory) }
        #expect(error?.description.hasPrefix("Templates/Dashboard/keys.mustache is not valid Mustache") == true, "\(String(describing: error))")
    }
}
