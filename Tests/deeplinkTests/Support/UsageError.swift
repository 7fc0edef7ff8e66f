import ArgumentParser

/// The message ArgumentParser shows for arguments a command refuses as a usage error (exit code
/// 64), or `nil` when they parse or fail another way.
///
/// ArgumentParser wraps every parsing and validation error in a type of its own that tests
/// cannot name, so the exit code and message are what a test can check.
func usageError<Command: ParsableCommand>(_ command: Command.Type, _ arguments: [String]) -> String? {
    do {
        _ = try command.parse(arguments)
        return nil
    } catch {
        guard command.exitCode(for: error) == .validationFailure else { return nil }
        return command.message(for: error)
    }
}
