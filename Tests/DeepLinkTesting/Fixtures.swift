import Foundation

/// Files shared by every test target, found from this source file's location so tests run
/// from any working directory.
public enum Fixtures {
    /// The repository's root folder.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/Shop/MobileDeepLinkingConfig.json`.
    public static var shopConfig: URL {
        repositoryRoot.appendingPathComponent("Examples/Shop/MobileDeepLinkingConfig.json")
    }

    /// A file under `Tests/Fixtures/`.
    /// - Parameter name: The file's path relative to `Tests/Fixtures/`.
    public static func file(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
    }

    /// The text of a file under `Tests/Fixtures/`.
    /// - Parameter name: The file's path relative to `Tests/Fixtures/`.
    /// - Throws: When the file cannot be read.
    public static func text(_ name: String) throws -> String {
        try String(contentsOf: file(name), encoding: .utf8)
    }
}
