import Crypto
import Foundation
import Testing

@testable import DeepLinkServer

struct TemplateDirectoryTests {
    @Test func everyTemplateOfTheBundleLoads() throws {
        _ = try PageTemplates.bundled.get()
        _ = try DashboardTemplates.bundled.get()
    }

    @Test func aMissingTemplateFailsNamingItsFile() throws {
        let copy = try TemplateFolderCopy("Pages")
        defer { copy.delete() }
        try copy.remove("brand.mustache")
        let error = #expect(throws: TemplateLoadingError.self) { try PageTemplates(directory: copy.directory) }
        #expect(error?.description == "Templates/Pages/brand.mustache is missing from the server's bundle")
    }

    @Test func aBrokenTemplateFailsNamingItsFileLineAndColumn() throws {
        let copy = try TemplateFolderCopy("Pages")
        defer { copy.delete() }
        try copy.write("<p>\n{{#appName}}{{appName}}{{/iconURL}}\n</p>\n", to: "brand.mustache")
        let error = #expect(throws: TemplateLoadingError.self) { try PageTemplates(directory: copy.directory) }
        #expect(error?.file == "Templates/Pages/brand.mustache")
        #expect(error?.problem.contains("line 2, column ") == true, "\(String(describing: error))")
    }

    @Test func theScriptsAreAllowedByTheDigestsOfTheTextLoaded() throws {
        let copy = try TemplateFolderCopy("Pages")
        defer { copy.delete() }
        let script = #"document.title="changed""#
        try copy.write(script + "\n", to: "platform.js")
        let templates = try PageTemplates(directory: copy.directory)
        #expect(templates.platformScript == script)
        let digest = Data(SHA256.hash(data: Array(script.utf8))).base64EncodedString()
        #expect(templates.scriptSources.contains("'sha256-\(digest)'"))
        #expect(try PageTemplates.bundled.get().scriptSources == PageTemplates.scriptSources)
        #expect(PageTemplates.scriptSources.split(separator: " ").count == 2)
    }
}
