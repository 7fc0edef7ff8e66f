import Foundation

/// Collects what is wrong while a config or one of its sections is read, so one pass reports
/// every error and warning, each with the file, line and JSON path, instead of the first alone.
///
/// ``DeepLinkConfig`` reads its own keys with one; sibling modules read their sections with one
/// through ``DeepLinkConfig/readSection(_:_:)``.
package final class ConfigSectionReader {
    /// The file the config was read from, put on every finding.
    package let file: String?
    /// The errors so far, in the order found.
    package private(set) var errors: [ConfigError] = []
    /// The warnings so far, in the order found.
    package private(set) var warnings: [Diagnostic] = []

    /// Starts a reader.
    /// - Parameter file: The file the config was read from, if any.
    package init(file: String?) {
        self.file = file
    }

    /// Runs one part of the reading; an error is recorded and the part yields `nil`, so the
    /// other parts are still read and reported.
    package func attempt<Value>(_ body: () throws(ConfigError) -> Value?) -> Value? {
        do {
            return try body()
        } catch {
            report(error)
            return nil
        }
    }

    /// Records an error found without throwing.
    package func report(_ error: ConfigError) {
        var error = error
        error.file = file
        errors.append(error)
    }

    /// Records a warning.
    package func warn(_ warning: Diagnostic) {
        var warning = warning
        warning.file = file
        warnings.append(warning)
    }

    /// An object whose members are read by name, the first of a repeated name read and the
    /// repetition reported, so one duplicate key hides nothing else. When `known` is given, an
    /// unknown member is a warning, so newer files still load and a typo (`"regx"`) does not pass
    /// unnoticed; or an error, where a typo would silently turn a setting back to its default:
    /// every unknown member with `refusingUnknownKeys`, else those close to a `guarded` name.
    /// - Throws: ``ConfigError`` when the value is not an object.
    package func object(
        _ node: JSONNode, known: Set<String>? = nil, refusingUnknownKeys: Bool = false, refusingNearMissesOf guarded: Set<String> = []
    ) throws(ConfigError) -> JSONObjectReader {
        let object = try node.readObjectKeepingFirstOfEachKey()
        object.duplicateKeys.forEach(report)
        guard let known, !object.members.allSatisfy({ known.contains($0.key) }) else { return object }
        if refusingUnknownKeys {
            object.unknownKeyErrors(known: known).forEach(report)
        } else {
            object.unknownKeyErrors(known: known, nearMissesOf: guarded).forEach(report)
            object.unknownKeyWarnings(known: known, exceptNearMissesOf: guarded).forEach(warn)
        }
        return object
    }
}

/// A file a reader reports on: its name in findings, and its text.
struct ConfigFile {
    let url: URL

    /// The path, or the URL of a file that is not local.
    var name: String { url.isFileURL ? url.path : url.absoluteString }

    /// The UTF-8 text, or an `unreadable-file` or `invalid-json` error naming the file.
    /// - Parameter what: The file's role in the message, e.g. `the config file`.
    func text(what: String) -> Result<String, ConfigError> {
        var isFolder: ObjCBool = false
        if url.isFileURL, FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            return .failure(
                ConfigError(
                    code: .unreadableFile, message: "cannot read \(what): it is a folder; give the path of the JSON file", path: .root,
                    location: nil, file: name))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            // In the system's words (`no such file or directory`), not Foundation's wrapper sentence.
            return .failure(
                ConfigError(code: .unreadableFile, message: "cannot read \(what): \(error.fileReason)", path: .root, location: nil, file: name))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ConfigError(code: .invalidJSON, message: "the file is not valid UTF-8", path: .root, location: nil, file: name))
        }
        return .success(text)
    }
}

extension JSONParser {
    /// Parses a document a reader reports on; a syntax error becomes an `invalid-json` ``ConfigError``.
    static func parseDocument(_ text: String) throws(ConfigError) -> JSONNode {
        do {
            return try parse(text)
        } catch {
            throw ConfigError(code: .invalidJSON, message: "invalid JSON: \(error.message)", path: .root, location: error.location)
        }
    }
}
