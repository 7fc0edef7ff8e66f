import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation
import Logging

/// `deeplink keys`: manages the admin API's keys.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Create, list and revoke API keys.",
        discussion: """
            Each subcommand opens the database the server uses: give the server's --config (its server \
            section names the database, a relative path being relative to the config file), or --database, or \
            set DEEPLINK_DATABASE.
            """,
        subcommands: [KeysCreateCommand.self, KeysListCommand.self, KeysRevokeCommand.self])
}

/// `deeplink keys create`: makes a key and prints its token once.
struct KeysCreateCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an API key and print its token, which is shown only this once.",
        discussion: """
            Only the key's SHA-256 is stored. Send the token as Authorization: Bearer TOKEN. A key may do what its \
            scopes allow: links:read (links and their numbers), links:write (create, change and delete links; reading \
            too), webhooks (webhook endpoints and their deliveries), admin (everything, the default). Give --scope once per scope.
            """)

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(name: .long, help: "A name for the key, e.g. the team or tool that uses it.")
    var name: String

    @Option(name: .long, help: "What the key may do: links:read, links:write, webhooks or admin (repeat it for several; admin when not given).")
    var scope: [APIKeyScope] = []

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    /// Creates the key and returns the output.
    func render() async throws(CommandFailure) -> String {
        let name: String
        do {
            name = try APIKey.validated(name: self.name)
        } catch {
            throw CommandFailure("--name: \(error.message)", code: "usage", status: .usage)
        }
        let scopes = scope.isEmpty ? [APIKeyScope.admin] : Set(scope)
        let key = try await configOptions.serverConfiguration(databaseOptions).withAccessService(label: "deeplink.keys") { access in
            try await access.createKey(name: name, scopes: scopes, createdBy: .commandLine)
        }
        if json {
            return JSONWriter.write([
                "id": .string(key.record.id), "name": .string(name), "token": .string(key.token),
                "scopes": .array(scopes.sorted().map { .string($0.rawValue) }),
            ])
        }
        return """
            created API key \(key.record.id) (\(name)), scopes: \(APIKeyScope.list(scopes))
            token: \(key.token)
            Store the token now; it is not shown again.
            """
    }
}

/// `deeplink keys list`: lists keys without their secrets.
struct KeysListCommand: ReportingCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List API keys, with when they were revoked.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    /// Returns the keys, one line each.
    func render() async throws(CommandFailure) -> String {
        let keys = try await configOptions.serverConfiguration(databaseOptions).withAccessService(label: "deeplink.keys") { access in
            try await access.keys()
        }
        let formatter = ISO8601DateFormatter()
        if json {
            // An object, as `users list` and `links list` print, so that fields can be added.
            return JSONWriter.write([
                "keys": .array(
                    keys.map { key in
                        [
                            "id": .string(key.id), "name": .string(key.name), "createdAt": .string(formatter.string(from: key.createdAt)),
                            "revokedAt": key.revokedAt.map { .string(formatter.string(from: $0)) } ?? .null,
                            "lastUsedAt": key.lastUsedAt.map { .string(formatter.string(from: $0)) } ?? .null,
                            "scopes": .array(key.scopes.sorted().map { .string($0.rawValue) }),
                            "createdBy": key.createdBy.map { .string($0.stored) } ?? .null,
                        ]
                    })
            ])
        }
        guard !keys.isEmpty else { return "no API keys; create one with deeplink keys create --name NAME" }
        return keys.map { key in
            let state = key.revokedAt.map { "revoked \(formatter.string(from: $0))" } ?? "active"
            let used = key.lastUsedAt.map { "last used \(formatter.string(from: $0))" } ?? "never used"
            let creator = key.createdBy.map { " by \($0)" } ?? ""
            return "\(key.id)  \(key.name)  \(APIKeyScope.list(key.scopes))  created \(formatter.string(from: key.createdAt))\(creator)  \(used)  \(state)"
        }.joined(separator: "\n")
    }
}

/// `deeplink keys revoke`: revokes a key; requests with it get 401 from then on.
struct KeysRevokeCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke an API key by its id, and the keys made with it.",
        discussion: "A dashboard session signed in with a key can make keys; they are revoked with it, and so are the keys made with them.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The key's id, as keys create and keys list print it.")
    var id: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    /// Revokes the key and returns the output.
    func render() async throws(CommandFailure) -> String {
        let id = self.id
        let outcome = try await configOptions.serverConfiguration(databaseOptions).withAccessService(label: "deeplink.keys") { access in
            try await access.revokeKey(id: id, by: .commandLine)
        }
        switch outcome {
        case .unknown, .notAllowed:
            throw CommandFailure("there is no API key with the id \(id)", fix: "see deeplink keys list", code: "unknown-key")
        case .alreadyRevoked(let revokedAt):
            throw CommandFailure(
                "the API key \(id) was already revoked at \(ISO8601DateFormatter().string(from: revokedAt))", code: "already-revoked")
        case .revoked(alsoRevoked: let made):
            if json { return JSONWriter.write(["id": .string(id), "revoked": true, "revokedKeysMadeWithIt": .array(made.map { .string($0) })]) }
            return "revoked API key \(id)" + (made.isEmpty ? "" : " and the \(made.count) key\(made.count == 1 ? "" : "s") made with it (\(made.joined(separator: ", ")))")
        }
    }
}

extension APIKeyScope: ExpressibleByArgument {}
extension DashboardRole: ExpressibleByArgument {}
