import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// `deeplink users`: manages the people who sign in to the dashboard.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Create, list and delete dashboard users.",
        discussion: """
            Each subcommand opens the database the server uses: give the server's --config (its server \
            section names the database, a relative path being relative to the config file), or --database, or \
            set DEEPLINK_DATABASE. Only a bcrypt hash of each password is stored.
            """,
        subcommands: [UsersCreateCommand.self, UsersListCommand.self, UsersSetRoleCommand.self, UsersDeleteCommand.self])
}

/// `deeplink users create`: makes a dashboard user with a password read from standard input.
struct UsersCreateCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a dashboard user.",
        discussion: """
            The password is read from standard input: one line with --password-stdin, or, in a terminal, \
            typed twice without echo. It needs at least \(DashboardPassword.minimumLength) characters and at \
            most \(DashboardPassword.maximumBytes) bytes. It is never printed or stored; only its bcrypt hash is.
            """)

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The name to sign in with: letters, digits, dots, hyphens, underscores or @, e.g. an email address.")
    var name: String

    @Flag(name: .long, help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @Option(name: .long, help: "What the user may do: viewer (see links and numbers), editor (also change links) or admin (everything).")
    var role: DashboardRole = .admin

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    /// Checks the name and password and stores the user.
    func render() async throws(CommandFailure) -> String {
        do {
            try DashboardPassword.validate(name: name)
        } catch {
            throw CommandFailure(error)
        }
        let configuration = try configOptions.serverConfiguration(databaseOptions)
        let password: String
        if passwordStdin {
            password = try PasswordReader.readLine()
        } else if PasswordReader.standardInputIsTerminal {
            password = try PasswordReader.prompt()
        } else {
            throw CommandFailure(
                "no password given", fix: "pipe it in with --password-stdin, or run the command in a terminal to type it", code: "no-password",
                status: .usage)
        }
        let user: DashboardUser
        do {
            user = try AccessService.newUser(name: name, password: password, role: role)
        } catch {
            throw CommandFailure(error)
        }
        try await configuration.withAccessService(label: "deeplink.users") { access in
            do {
                try await access.add(user)
            } catch let error as LinkServerError {
                throw CommandFailure(error)
            } catch let error as StoreError where error.code == .duplicate {
                throw CommandFailure(
                    "there is already a dashboard user named \(user.name)", fix: "choose another name, or delete that user first",
                    code: error.code.description)
            }
        }
        if json {
            return JSONWriter.write([
                "name": .string(name), "role": .string(role.rawValue), "createdAt": .string(ISO8601DateFormatter().string(from: user.createdAt)),
            ])
        }
        return "created dashboard user \(name) (\(role.rawValue))"
    }
}

/// `deeplink users list`: lists dashboard users without their password hashes.
struct UsersListCommand: ReportingCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List dashboard users, with when each was created.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    /// Returns the users, one line each.
    func render() async throws(CommandFailure) -> String {
        let users = try await configOptions.serverConfiguration(databaseOptions).withAccessService(label: "deeplink.users") { access in
            try await access.users()
        }
        let formatter = ISO8601DateFormatter()
        if json {
            return JSONWriter.write(
                [
                    "users": .array(
                        users.map {
                            ["name": .string($0.name), "role": .string($0.role.rawValue), "createdAt": .string(formatter.string(from: $0.createdAt))]
                        })
                ])
        }
        guard !users.isEmpty else { return "no dashboard users; create one with deeplink users create NAME" }
        return users.map { "\($0.name)  \($0.role.rawValue)  created \(formatter.string(from: $0.createdAt))" }.joined(separator: "\n")
    }
}

/// `deeplink users set-role`: changes what a dashboard user may do, from their next page on.
struct UsersSetRoleCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-role", abstract: "Change a dashboard user's role: viewer, editor or admin.",
        discussion: "It applies from the user's next page. Keys the user created keep their scopes; revoke them to take rights back.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The user's name.")
    var name: String

    @Argument(help: "The new role: viewer, editor or admin.")
    var role: DashboardRole

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    /// Sets the role; `not-found` (exit 1) when there is no such user.
    func render() async throws(CommandFailure) -> String {
        let (name, role) = (self.name, self.role)
        let changed = try await configOptions.serverConfiguration(databaseOptions).withAccessService(label: "deeplink.users") { access in
            try await access.setRole(ofUser: name, to: role)
        }
        guard changed else {
            throw CommandFailure("there is no dashboard user named \(name)", fix: "see deeplink users list", code: "not-found")
        }
        return json ? JSONWriter.write(["name": .string(name), "role": .string(role.rawValue)]) : "\(name) is now \(role.withArticle)"
    }
}

/// `deeplink users delete`: deletes a dashboard user, ends their sessions and revokes the keys
/// they created.
struct UsersDeleteCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a dashboard user, signing them out everywhere and revoking the keys they created.",
        discussion: "Keys the user created in the dashboard, and keys made with those keys, stop working with them, unless --keep-keys is given.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The user's name.")
    var name: String

    @Flag(name: .long, help: "Keep the keys the user created working.")
    var keepKeys = false

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    /// Deletes the user; `not-found` (exit 1) when there is none.
    func render() async throws(CommandFailure) -> String {
        let (name, keepKeys) = (self.name, self.keepKeys)
        let revoked = try await configOptions.serverConfiguration(databaseOptions).withAccessService(label: "deeplink.users") { access in
            try await access.deleteUser(named: name, keepingKeys: keepKeys)
        }
        guard let revoked else {
            throw CommandFailure("there is no dashboard user named \(name)", fix: "see deeplink users list", code: "not-found")
        }
        let outcome = (deleted: true, revoked: revoked)
        if json {
            return JSONWriter.write(["name": .string(name), "deleted": true, "revokedKeys": .array(outcome.revoked.map { .string($0) })])
        }
        let keys =
            keepKeys
            ? "; the keys they created still work"
            : outcome.revoked.isEmpty ? "" : " and revoked the \(outcome.revoked.count) key\(outcome.revoked.count == 1 ? "" : "s") they created (\(outcome.revoked.joined(separator: ", ")))"
        return "deleted dashboard user \(name), ended their sessions\(keys)"
    }
}
