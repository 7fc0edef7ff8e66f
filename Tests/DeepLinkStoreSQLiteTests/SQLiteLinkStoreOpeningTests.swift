// Tests DeepLinkStoreSQLite, here beside the server's shared store suite, which runs against both stores.
import DeepLinkService
import DeepLinkTesting
import DeepLinkStoreSQLite
import Foundation
import Logging
import SQLiteNIO
import Testing

/// Opening a file that cannot be an SQLite database fails with the file's name and leaves
/// nothing behind.
struct SQLiteLinkStoreOpeningTests {
    static let logger = Logger(label: "test.sqlite")

    static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aTextFileIsNotADatabaseAndStaysAsItWas() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-open")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try "a shopping list\n".write(to: file, atomically: true, encoding: .utf8)
        let error = await #expect(throws: StoreError.self) { try await SQLiteLinkStore.open(path: file.path, logger: Self.logger) }
        #expect(error?.code == .notADatabase)
        #expect(error?.message == "\(file.path) is not an SQLite database (it holds something else); give another path or move the file away")
        #expect(try String(contentsOf: file, encoding: .utf8) == "a shopping list\n")
        #expect(try Self.contents(of: folder) == ["notes.txt"])
    }

    @Test func aPathThatCannotBeCreatedCreatesNothing() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-open")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "".write(to: folder.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("file/links/deeplink.sqlite").path
        let error = await #expect(throws: StoreError.self) { try await SQLiteLinkStore.open(path: path, logger: Self.logger) }
        #expect(error?.code == .cannotCreate)
        #expect(error?.message.contains(path) == true, "\(error?.message ?? "")")
        #expect(try Self.contents(of: folder) == ["file"])
    }

    @Test func aFolderIsNotADatabase() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-open")
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = await #expect(throws: StoreError.self) { try await SQLiteLinkStore.open(path: folder.path, logger: Self.logger) }
        #expect(error?.code == .notADatabase)
        #expect(error?.message == "\(folder.path) is a folder, not an SQLite database; give a file path")
    }

    @Test func aFailedMigrationLeavesNoPartOfTheSchema() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-open")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("other.sqlite").path
        // Another program's database whose `clicks` table is in the way of the first migration.
        let other = try await SQLiteConnection.open(storage: .file(path: path), logger: Self.logger)
        _ = try await other.query("CREATE TABLE clicks (id INTEGER)")
        try await other.close()

        await #expect(throws: StoreError.self) { try await SQLiteLinkStore.open(path: path, logger: Self.logger) }
        let reopened = try await SQLiteConnection.open(storage: .file(path: path), logger: Self.logger)
        let tables = try await reopened.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap {
            $0.column("name")?.string
        }
        try await reopened.close()
        #expect(tables == ["clicks"])
    }

    @Test func openingAMissingFileToReadCreatesNothing() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-open")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteLinkStore.openExisting(path: folder.appendingPathComponent("none/links.sqlite").path, logger: Self.logger)
        #expect(store == nil)
        #expect(try Self.contents(of: folder) == [])
    }

    @Test func readsTheSchemaVersionWithoutMigrating() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-open")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("links.sqlite").path
        let empty = try await SQLiteConnection.open(storage: .file(path: path), logger: Self.logger)
        try await empty.close()
        let unmigrated = try #require(try await SQLiteLinkStore.openExisting(path: path, logger: Self.logger))
        #expect(try await unmigrated.appliedSchemaVersion() == 0)
        await unmigrated.close()

        let migrated = try await SQLiteLinkStore.open(path: path, logger: Self.logger)
        #expect(try await migrated.appliedSchemaVersion() == LinkStoreSchema.migrations.count)
        await migrated.close()
    }
}
