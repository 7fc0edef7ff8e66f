import Foundation

@testable import DeepLinkServer

/// A copy of a folder of the bundle's templates in a temporary folder, to change before loading it.
struct TemplateFolderCopy {
    /// The copy, named as the bundle's folder is.
    let directory: TemplateDirectory

    /// Copies `Templates/NAME` of the server's bundle.
    init(_ name: String) throws {
        let bundled = try TemplateDirectory.bundled(name)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: bundled.url, to: url)
        directory = TemplateDirectory(path: bundled.path, url: url)
    }

    /// Replaces a file's text.
    func write(_ text: String, to file: String) throws {
        try text.write(to: directory.url.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }

    /// Removes a file.
    func remove(_ file: String) throws {
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent(file))
    }

    /// Removes the copy.
    func delete() {
        try? FileManager.default.removeItem(at: directory.url)
    }
}
