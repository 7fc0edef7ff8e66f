import DeepLinkTesting
import Foundation

/// A folder for one test's files.
struct Scratch: Sendable {
    let folder: URL

    init() throws {
        folder = try temporaryFolder(prefix: "deeplink-cli")
    }

    /// Writes a file and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// A path in the folder.
    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
