import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a new password from standard input: one line when piped in, or typed twice on a
/// terminal without echo. The password is never printed.
enum PasswordReader {
    /// Whether standard input is a terminal, where a person can type.
    static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The first line of standard input, without its line ending.
    /// - Throws: ``CommandFailure`` with code `no-password` when standard input is empty.
    static func readLine() throws(CommandFailure) -> String {
        guard let line = Swift.readLine(strippingNewline: true) else {
            throw CommandFailure("standard input is empty", fix: "pipe the password in, one line", code: "no-password")
        }
        return line
    }

    /// Asks for the password twice on the terminal, without echo.
    /// - Throws: ``CommandFailure`` with code `password-mismatch` when the two differ.
    static func prompt() throws(CommandFailure) -> String {
        let first = readWithoutEcho("password: ")
        let second = readWithoutEcho("password again: ")
        guard let first, first == second else {
            throw CommandFailure("the passwords typed differ", fix: "run the command again", code: "password-mismatch")
        }
        return first
    }

    /// Writes the prompt to standard error and reads a line with the terminal's echo off,
    /// restoring it afterwards.
    private static func readWithoutEcho(_ prompt: String) -> String? {
        printErrorWithoutNewline(prompt)
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return Swift.readLine(strippingNewline: true) }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            printErrorWithoutNewline("\n")
        }
        return Swift.readLine(strippingNewline: true)
    }

    private static func printErrorWithoutNewline(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
