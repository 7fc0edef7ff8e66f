import DeepLinkService
import Foundation

/// The admin API's OpenAPI document, `openapi.yaml`, bundled with the server.
package enum OpenAPIDocument {
    /// The document's text.
    /// - Throws: When the bundled resource is missing or unreadable.
    package static func text() throws -> String {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "openapi.yaml is missing from the server's bundle"])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
