import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// Why a command did not succeed, and how it ends.
///
/// Every command keeps one contract (the README's "Command line contract"): its report goes to
/// standard output, as text or, with `--json`, as exactly one JSON document, whether the verdict
/// is good or bad; an error goes to standard error as `error: WHAT (FIX) (CODE)`, and with
/// `--json` standard output still gets one document, `{"error": {"code", "message", "fix"}}`.
/// The exit status is 0 for success, 1 for a negative verdict or an invalid input file, 2 for
/// the environment (an unreadable file, a database out of reach, a port in use), 3 for a release
/// check that checked nothing (``Status/nothingChecked``), and 64 for
/// usage errors, which swift-argument-parser reports itself (``DeepLinkCommand/main()`` adds their
/// `--json` document).
struct CommandFailure: Error, CustomStringConvertible {
    /// How a failed command exits.
    enum Status: Int32 {
        /// A negative verdict, or an input file that is not valid.
        case negative = 1
        /// Something outside the command: a file that cannot be read, a database out of reach, a port in use.
        case environment = 2
        /// A check that checked nothing: `links verify` or `diff --database` found no database, or
        /// no links in it, so a release pipeline cannot mistake it for a pass.
        case nothingChecked = 3
        /// A usage error, as swift-argument-parser's own.
        case usage = 64
    }

    /// What is printed: a verdict's report on standard output, an error's `error:` lines on standard error.
    let message: String
    /// The exit status.
    let exitCode: Int32
    /// Whether `message` is a report, which goes to standard output like a success's.
    let isVerdict: Bool
    /// The document `--json` prints on standard output for an error.
    let errorDocument: JSONValue?

    /// A negative verdict: the command ran, and its report says no.
    /// - Parameter report: The report, as text or JSON as the command was asked.
    static func verdict(_ report: String) -> CommandFailure {
        CommandFailure(message: report, exitCode: Status.negative.rawValue, isVerdict: true, errorDocument: nil)
    }

    /// A failure from its parts.
    /// - Parameters:
    ///   - message: The text printed on standard error (standard output for a verdict).
    ///   - exitCode: The exit status.
    ///   - isVerdict: Whether the message is a report.
    ///   - errorDocument: What `--json` prints.
    init(message: String, exitCode: Int32, isVerdict: Bool, errorDocument: JSONValue?) {
        self.message = message
        self.exitCode = exitCode
        self.isVerdict = isVerdict
        self.errorDocument = errorDocument
    }

    /// An error, printed as `error: WHAT (FIX) (CODE)`.
    /// - Parameters:
    ///   - what: What is wrong, naming the input.
    ///   - fix: What to do about it, when there is something to do.
    ///   - code: A stable code, e.g. `unreadable-file`.
    ///   - status: How the command exits.
    init(_ what: String, fix: String? = nil, code: String, status: Status = .negative) {
        var object: [String: JSONValue] = ["code": .string(code), "message": .string(what)]
        object["fix"] = fix.map(JSONValue.string)
        self.init(
            message: "error: \(what)" + (fix.map { " (\($0))" } ?? "") + " (\(code))", exitCode: status.rawValue, isVerdict: false,
            errorDocument: ["error": .object(object)])
    }

    /// A config that cannot be used: one `error:` line per error, with its file, line and JSON
    /// path; exit 2 when the file cannot be read at all, 1 otherwise.
    /// - Parameter configErrors: The errors, at least one.
    init(configErrors: [ConfigError]) {
        let unreadable = configErrors.contains { $0.code == .unreadableFile }
        self.init(
            diagnostics: configErrors.map(\.diagnostic), code: unreadable ? ConfigError.Code.unreadableFile.name : "invalid-config",
            status: unreadable ? .environment : .negative)
    }

    /// An input file that cannot be used: one `error: WHERE: WHAT (CODE)` line per error; with
    /// `--json`, the first as the message and all of them as `diagnostics`.
    /// - Parameters:
    ///   - diagnostics: The errors, at least one.
    ///   - code: The failure's code, e.g. `invalid-config`.
    ///   - status: How the command exits.
    init(diagnostics: [Diagnostic], code: String, status: Status = .negative) {
        self.init(
            message: diagnostics.map { "error: \($0.description) (\($0.code))" }.joined(separator: "\n"), exitCode: status.rawValue,
            isVerdict: false,
            errorDocument: [
                "error": [
                    "code": .string(code), "message": .string(diagnostics.first?.description ?? "the file cannot be used"),
                    "diagnostics": .array(diagnostics.map(\.jsonValue)),
                ]
            ])
    }

    /// A database that cannot be used: exit 2, or 1 for a row that is already stored.
    /// - Parameter storeError: The store's error, whose message says what and how to fix it.
    init(_ storeError: StoreError) {
        self.init(storeError.message, code: storeError.code.description, status: storeError.code == .duplicate ? .negative : .environment)
    }

    var description: String { message }
}

/// Runs a command body and ends the command by the contract of ``CommandFailure``: the output on
/// standard output; a verdict's report on standard output with exit 1; an error on standard
/// error, and with `json` its document on standard output, with the error's exit status.
/// - Parameters:
///   - json: Whether the command was asked for JSON.
///   - body: The command's work, returning its output.
func runReporting(json: Bool, _ body: () async throws(CommandFailure) -> String) async throws {
    do {
        let output = try await body()
        if !output.isEmpty { print(output) }
    } catch {
        if error.isVerdict {
            print(error.message)
        } else {
            printError(error.message)
            if json, let document = error.errorDocument { print(JSONWriter.write(document)) }
        }
        throw ExitCode(error.exitCode)
    }
}

/// A command whose work is a ``render()`` that returns its output or throws a ``CommandFailure``;
/// running it prints the one and reports the other by the contract of ``runReporting(json:_:)``.
protocol ReportingCommand: AsyncParsableCommand {
    /// Whether the command was asked for JSON.
    var json: Bool { get }

    /// The command's work, returning its output.
    func render() async throws(CommandFailure) -> String
}

extension ReportingCommand {
    /// Runs ``render()`` by the contract of ``CommandFailure``.
    func run() async throws {
        try await runReporting(json: json, render)
    }
}

/// Writes a line to standard error: diagnostics and progress, never the report.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Reads a text file named on the command line: UTF-8, a leading byte order mark skipped.
/// - Parameter decodingLegacyText: Whether bytes that are not UTF-8 are read as ISO-8859-1
///   instead of refused, as browsers read a saved page that declares no encoding.
/// - Throws: ``CommandFailure`` with code `unreadable-file` and exit 2 when the file cannot be
///   read, `invalid-encoding` and exit 1 when it is not UTF-8 text.
func readTextFile(_ path: String, what: String, decodingLegacyText: Bool = false) throws(CommandFailure) -> String {
    let data: Data
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw CommandFailure(
            "cannot read \(what) \(path): \(error.fileReason)", fix: "check the path and its permissions", code: "unreadable-file",
            status: .environment)
    }
    let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    if decodingLegacyText, let text = String(data: Data(bytes), encoding: .isoLatin1) { return text }
    let offset = invalidUTF8Offset(in: bytes)
    throw CommandFailure(
        "\(what) \(path) is not UTF-8 text: the byte at offset \(offset) (0x\(String(bytes[bytes.startIndex + offset], radix: 16, uppercase: true))) "
            + "does not begin or continue a UTF-8 character",
        fix: "save it as UTF-8", code: "invalid-encoding")
}

/// The offset of the first byte that makes `bytes` invalid UTF-8, from the start of `bytes`.
private func invalidUTF8Offset(in bytes: Data.SubSequence) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .error: return offset
        case .emptyInput: return max(0, bytes.count - 1)
        }
    }
}
