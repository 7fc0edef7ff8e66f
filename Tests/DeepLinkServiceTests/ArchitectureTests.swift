import Foundation
import Testing

/// The statements of ARCHITECTURE.md that can be checked, checked against the code, so the map
/// cannot drift from the territory again (it was four statements out of date).
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func folders(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(path).path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent("\(path)/\(name)").path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    static func swiftFiles(in path: String) -> [URL] {
        let folder = root.appendingPathComponent(path)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    /// The service's folders with Swift sources (`Resources/` holds data).
    static func serviceFolders() throws -> [String] {
        try folders(in: "Sources/DeepLinkService").filter { !swiftFiles(in: "Sources/DeepLinkService/\($0)").isEmpty }
    }

    @Test func everyFolderOfTheServiceHasATestFolderOfItsOwnWithTests() throws {
        let folders = try Self.serviceFolders()
        #expect(folders.count >= 10, "\(folders)")
        for folder in folders {
            let tests = Self.swiftFiles(in: "Tests/DeepLinkServiceTests/\(folder)")
            let hasTests = try tests.contains { try String(contentsOf: $0, encoding: .utf8).contains("@Test") }
            #expect(hasTests, "Sources/DeepLinkService/\(folder)/ has no tests in Tests/DeepLinkServiceTests/\(folder)/")
        }
    }

    @Test func theMapNamesEveryFolderOfTheServiceAndEveryTarget() throws {
        let map = try Self.text("ARCHITECTURE.md")
        for folder in try Self.serviceFolders() {
            #expect(map.contains("| `\(folder)/` |"), "ARCHITECTURE.md's table of the service's folders has no row for \(folder)/")
        }
        let manifest = try Self.text("Package.swift")
        let targets = manifest.matches(of: /\.(?:target|testTarget|executableTarget)\(\s*name: "(\w+)"/).map { String($0.1) }
        #expect(targets.count >= 15, "\(targets)")
        // CChildProcess is DeepLinkTesting's C half; the fuzz targets are declared only with DEEPLINK_FUZZ=1 (Fuzz/README.md).
        for target in targets where target != "CChildProcess" && !target.hasPrefix("Fuzz") {
            #expect(map.contains("`\(target)`"), "ARCHITECTURE.md never names the target \(target)")
        }
    }

    /// `Storage/` points at nothing above it: of the service's types, its files name only those
    /// of `Model/` (and of `Storage/` itself).
    @Test func theStorageFolderDependsOnTheModelAlone() throws {
        var above: [String: String] = [:]
        for folder in try Self.serviceFolders() where folder != "Storage" && folder != "Model" {
            for file in Self.swiftFiles(in: "Sources/DeepLinkService/\(folder)") {
                let source = try String(contentsOf: file, encoding: .utf8)
                for match in source.matches(of: /(?m)^package (?:final class|struct|enum|protocol|actor|typealias) (\w+)/) {
                    above[String(match.1)] = folder
                }
            }
        }
        #expect(above.count > 20)
        for file in Self.swiftFiles(in: "Sources/DeepLinkService/Storage") {
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            for (type, folder) in above where code.contains(try Regex("\\b\(type)\\b")) {
                Issue.record("\(file.lastPathComponent) uses \(type) from \(folder)/")
            }
        }
    }

    /// Only services touch the store: no type of the HTTP target or the command line keeps one.
    @Test func noRouteMiddlewareOrCommandHoldsAStore() throws {
        for target in ["Sources/DeepLinkServer", "Sources/deeplink"] {
            for file in Self.swiftFiles(in: target) {
                for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                where line.contains(/^\s*(?:private |package |fileprivate )?(?:let|var) \w+: any [\w &]*(?:Storage|LinkStore)\b/) {
                    Issue.record("\(file.lastPathComponent) holds a store: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }
}
