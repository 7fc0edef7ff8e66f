import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import Foundation
import Logging

/// `deeplink keys`: manages the admin API's keys.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Create, list and revoke admin API keys.",
        subcommands: [KeysCreateCommand.self, KeysListCommand.self, KeysRevokeCommand.self])
}

/// `deeplink keys create`: makes a key and prints its token once.
struct KeysCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an API key and print its token, which is shown only this once.",
        discussion: "Only the key's SHA-256 is stored. Send the token as Authorization: Bearer TOKEN.")

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(name: .long, help: "A name for the key, e.g. the team or tool that uses it.")
    var name: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func validate() throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 100 else {
            throw ValidationError("--name must be 1 to 100 characters")
        }
    }

    func run() async throws {
        try await runReporting(render)
    }

    /// Creates the key and returns the output.
    func render() async throws(CommandFailure) -> String {
        let key = APIKey.generate(name: name, at: Date())
        try await databaseOptions.withCommandStore(label: "deeplink.keys") { store in try await store.insert(key.record) }
        if json {
            return JSONWriter.write(["id": .string(key.record.id), "name": .string(name), "token": .string(key.token)])
        }
        return """
            created API key \(key.record.id) (\(name))
            token: \(key.token)
            Store the token now; it is not shown again.
            """
    }
}

/// `deeplink keys list`: lists keys without their secrets.
struct KeysListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List API keys, with when they were revoked.")

    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        try await runReporting(render)
    }

    /// Returns the keys, one line each.
    func render() async throws(CommandFailure) -> String {
        let keys = try await databaseOptions.withCommandStore(label: "deeplink.keys") { store in try await store.apiKeys() }
        let formatter = ISO8601DateFormatter()
        if json {
            return JSONWriter.write(
                .array(
                    keys.map { key in
                        [
                            "id": .string(key.id), "name": .string(key.name), "createdAt": .string(formatter.string(from: key.createdAt)),
                            "revokedAt": key.revokedAt.map { .string(formatter.string(from: $0)) } ?? .null,
                        ]
                    }))
        }
        guard !keys.isEmpty else { return "no API keys; create one with deeplink keys create --name NAME" }
        return keys.map { key in
            let state = key.revokedAt.map { "revoked \(formatter.string(from: $0))" } ?? "active"
            return "\(key.id)  \(key.name)  created \(formatter.string(from: key.createdAt))  \(state)"
        }.joined(separator: "\n")
    }
}

/// `deeplink keys revoke`: revokes a key; requests with it get 401 from then on.
struct KeysRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke an API key by its id.")

    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The key's id, as keys create and keys list print it.")
    var id: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        try await runReporting(render)
    }

    /// Revokes the key and returns the output.
    func render() async throws(CommandFailure) -> String {
        let id = self.id
        let found = try await databaseOptions.withCommandStore(label: "deeplink.keys") { store in try await store.revokeAPIKey(id: id, at: Date()) }
        guard found else { throw CommandFailure("error: there is no API key with the id \(id); see deeplink keys list") }
        return json ? JSONWriter.write(["id": .string(id), "revoked": true]) : "revoked API key \(id)"
    }
}
