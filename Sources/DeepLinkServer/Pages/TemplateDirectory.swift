import Foundation
import Mustache

/// A folder of the server's templates, `Templates/Dashboard` or `Templates/Pages` in its bundle,
/// read file by file so that a missing, unreadable or broken file is named. `Sendable`.
///
/// swift-mustache's `MustacheLibrary(directory:)` would read a folder in one call, but it is
/// `async`, where ``buildApplication(configuration:store:metrics:logger:clock:passwords:)`` is not, it skips a
/// file it cannot read, and it parses each file with swift-mustache's own HTML escaping rather
/// than ``MarkupTemplate``'s.
struct TemplateDirectory: Sendable {
    /// The folder's path in the bundle, which errors name: `Templates/Dashboard`.
    let path: String
    /// Where the folder is.
    let url: URL

    /// A folder of the server's bundle.
    /// - Parameter name: The folder's name under `Templates/`: `Dashboard` or `Pages`.
    /// - Throws: ``TemplateLoadingError`` when the bundle has no `Templates` folder.
    static func bundled(_ name: String) throws(TemplateLoadingError) -> TemplateDirectory {
        guard let templates = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw TemplateLoadingError(file: "Templates", problem: "is missing from the server's bundle")
        }
        return TemplateDirectory(path: "Templates/\(name)", url: templates.appendingPathComponent(name))
    }

    /// The text of a file of the folder.
    /// - Parameter file: The file's name: `platform.js`.
    /// - Throws: ``TemplateLoadingError`` when the file is missing or is not UTF-8 text.
    func text(of file: String) throws(TemplateLoadingError) -> String {
        do {
            return try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
            throw TemplateLoadingError(file: "\(path)/\(file)", problem: "is missing from the server's bundle")
        } catch {
            throw TemplateLoadingError(file: "\(path)/\(file)", problem: "cannot be read as UTF-8 text: \(error.localizedDescription)")
        }
    }

    /// The template `NAME.mustache` of the folder, parsed by ``MarkupTemplate``.
    /// - Parameter name: The template's name, which is also its name as a partial: `phoneActions`.
    /// - Throws: ``TemplateLoadingError`` when the file is missing, unreadable or not valid Mustache.
    func template(_ name: String) throws(TemplateLoadingError) -> MustacheTemplate {
        let file = name + ".mustache"
        return try MarkupTemplate.parse(try text(of: file), file: "\(path)/\(file)")
    }
}
