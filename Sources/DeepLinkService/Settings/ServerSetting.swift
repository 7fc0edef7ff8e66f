import DeepLinkCore
import Foundation

/// One setting of the link server, with its three places: a key in the config's `server`
/// section, an environment variable, and a flag. A flag wins over the variable, the variable over
/// the config, the config over the default. `Sendable`.
///
/// The variable is `DEEPLINK_` and the flag's name: `--port` is `DEEPLINK_PORT`. Whatever the
/// place, a value is read and checked by the same code, so each is refused with the same words.
package struct ServerSetting: Sendable {
    /// What the setting does, in one sentence without a full stop, for help and docs.
    package let summary: String
    /// The key's path under `server`, e.g. `["limits", "maxBodyBytes"]`.
    package let key: [String]
    /// The flag's long name, without the dashes: `port`.
    package let flag: String
    /// The default, in the words of the docs.
    package let defaultDescription: String
    /// What the setting sets and how its value is read.
    let kind: Kind

    /// The flag as typed: `--port`.
    package var flagName: String { "--" + flag }

    /// The key as the docs write it: `server.listen.port`.
    package var configKey: String { ([ConfigSection.server.key] + key).joined(separator: ".") }

    /// The environment variable: `DEEPLINK_PORT`.
    package var environmentVariable: String {
        "DEEPLINK_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// A property of the configuration; key path literals of value-type properties are `Sendable`.
    typealias Field<Value> = any WritableKeyPath<ServerConfiguration, Value> & Sendable

    /// What a setting sets, and so how its value is read.
    enum Kind: Sendable {
        /// ``DatabaseLocation``; a relative SQLite path is resolved against the folder given.
        case database
        /// A whole number in a range.
        case whole(Field<Int>, ClosedRange<Int>)
        /// A number of seconds in a range.
        case seconds(Field<Duration>, ClosedRange<Double>)
        /// An address to listen on: a host name or an IP address.
        case address(Field<String>)
        /// A host name without scheme, port or path; `null` in the config for none.
        case host(Field<String?>)
        /// A development origin (``ShortLinkOrigin/development(_:)``); `null` in the config for none.
        case developmentOrigin(Field<ShortLinkOrigin?>)
        /// Host names, each of which may start with `*.`; a comma-separated list as text.
        case hosts(Field<[String]>)
        /// An HTTP header name; `null` in the config for none.
        case headerName(Field<String?>)
        /// A file's path, resolved against the config's folder in the config and against the
        /// working directory as a flag or variable; `null` or an empty text for none.
        case file(Field<String?>)
        /// A switch: `true` or `false` in the config; as a flag or variable it turns the setting
        /// off (`--disable-…`, `DEEPLINK_DISABLE_…=true`).
        case disabling(Field<Bool>)
        /// A switch that is off by default: `true` or `false` in the config; as a flag or
        /// variable it turns the setting on (`--hsts`, `DEEPLINK_HSTS=true`).
        case enabling(Field<Bool>)
    }

    /// Why a value cannot be used: what is wrong and what to write instead.
    package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong and what to write instead.
        package let message: String

        init(_ message: String) {
            self.message = message
        }

        package var description: String { message }
    }
}

extension ServerSetting {
    /// Sets the setting from the config's value.
    /// - Parameters:
    ///   - node: The value in the `server` section.
    ///   - configuration: The configuration to change.
    ///   - folder: The config file's folder, against which a relative SQLite path is resolved.
    /// - Throws: ``ConfigError`` at the value.
    func apply(_ node: JSONNode, to configuration: inout ServerConfiguration, relativeTo folder: URL) throws(ConfigError) {
        switch (kind, node.value) {
        case (.host(let keyPath), .null), (.headerName(let keyPath), .null), (.file(let keyPath), .null):
            configuration[keyPath: keyPath] = nil
        case (.developmentOrigin(let keyPath), .null):
            configuration[keyPath: keyPath] = nil
        case (.whole(let keyPath, let range), _):
            let number = try node.readNumber()
            configuration[keyPath: keyPath] = try Self.located(node) { () throws(Problem) in try Self.whole(number, in: range) }
        case (.seconds(let keyPath, let range), _):
            let number = try node.readNumber()
            configuration[keyPath: keyPath] = try Self.located(node) { () throws(Problem) in try Self.seconds(number, in: range) }
        case (.disabling(let keyPath), _), (.enabling(let keyPath), _):
            configuration[keyPath: keyPath] = try node.readBool()
        case (.hosts(let keyPath), _):
            var hosts: [String] = []
            for element in try node.readArray() {
                let text = try element.readString()
                hosts.append(try Self.located(element) { () throws(Problem) in try Self.host(text, wildcard: true) })
            }
            configuration[keyPath: keyPath] = hosts
        default:
            let text = try node.readString()
            try Self.located(node) { () throws(Problem) in try apply(text: text, to: &configuration, relativeTo: folder) }
        }
    }

    /// Whether a switch's flag or variable turns it on: `true`, `yes`, `1`; `false`, `no`, `0` or nothing turn it off.
    private static func switchedOn(_ text: String) throws(Problem) -> Bool {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "1", "true", "yes": true
        case "0", "false", "no", "": false
        default: throw Problem("expected true or false, found \"\(text)\"")
        }
    }

    /// Runs a check of a value read from the config, placing its problem at the value.
    private static func located<Value>(_ node: JSONNode, _ check: () throws(Problem) -> Value) throws(ConfigError) -> Value {
        do {
            return try check()
        } catch {
            throw ConfigError(code: .invalidValue, message: error.message, at: node)
        }
    }

    /// Sets the setting from text: an environment variable's value or a flag's.
    /// - Parameters:
    ///   - text: The value.
    ///   - configuration: The configuration to change.
    ///   - folder: The folder a relative SQLite path is resolved against: the working directory.
    /// - Throws: ``Problem`` saying what to write instead.
    package func apply(text: String, to configuration: inout ServerConfiguration, relativeTo folder: URL) throws(Problem) {
        switch kind {
        case .database:
            configuration.database = try DatabaseLocation(parsing: text, relativeTo: folder)
        case .whole(let keyPath, let range):
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
                throw Problem("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \"\(text)\"")
            }
            configuration[keyPath: keyPath] = try Self.whole(number, in: range)
        case .seconds(let keyPath, let range):
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
                throw Problem("expected a number of seconds from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), found \"\(text)\"")
            }
            configuration[keyPath: keyPath] = try Self.seconds(number, in: range)
        case .address(let keyPath):
            configuration[keyPath: keyPath] = try Self.address(text)
        case .host(let keyPath):
            configuration[keyPath: keyPath] = try Self.host(text, wildcard: false)
        case .developmentOrigin(let keyPath):
            configuration[keyPath: keyPath] = text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try ShortLinkOrigin.development(text)
        case .hosts(let keyPath):
            var hosts: [String] = []
            for part in text.split(separator: ",") where !part.trimmingCharacters(in: .whitespaces).isEmpty {
                hosts.append(try Self.host(part.trimmingCharacters(in: .whitespaces), wildcard: true))
            }
            configuration[keyPath: keyPath] = hosts
        case .headerName(let keyPath):
            configuration[keyPath: keyPath] = try Self.headerName(text)
        case .file(let keyPath):
            let path = text.trimmingCharacters(in: .whitespaces)
            guard !path.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true }) else {
                throw Problem("expected a file's path, found a control character in \"\(text)\"")
            }
            configuration[keyPath: keyPath] = path.isEmpty ? nil : URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL.path
        case .disabling(let keyPath):
            configuration[keyPath: keyPath] = try !Self.switchedOn(text)
        case .enabling(let keyPath):
            configuration[keyPath: keyPath] = try Self.switchedOn(text)
        }
    }

    private static func whole(_ number: Double, in range: ClosedRange<Int>) throws(Problem) -> Int {
        guard number.rounded() == number, let value = Int(exactly: number), range.contains(value) else {
            throw Problem("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(format(number))")
        }
        return value
    }

    private static func seconds(_ number: Double, in range: ClosedRange<Double>) throws(Problem) -> Duration {
        guard range.contains(number) else {
            throw Problem("expected a number of seconds from \(format(range.lowerBound)) to \(format(range.upperBound)), found \(format(number))")
        }
        return .milliseconds(Int64((number * 1000).rounded()))
    }

    private static func address(_ text: String) throws(Problem) -> String {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.isASCII && !$0.properties.isWhitespace && !"/@?#".unicodeScalars.contains($0) })
        else {
            throw Problem("\"\(text)\" is not an address to listen on; write an IP address or host name such as 127.0.0.1, 0.0.0.0 or ::")
        }
        return text
    }

    /// A host name as written after `https://`, lowercased; with `wildcard`, `*.` may lead.
    private static func host(_ text: String, wildcard: Bool) throws(Problem) -> String {
        let host = text.lowercased()
        let name = wildcard && host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !name.isEmpty && name.utf8.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            }
        guard valid else {
            let example = wildcard ? "go.example.com or *.example.com" : "go.example.com"
            throw Problem("\"\(text)\" is not a host name; write the host alone, without https:// or a path, like \(example)")
        }
        return host
    }

    private static func headerName(_ text: String) throws(Problem) -> String {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
        else {
            throw Problem("\"\(text)\" is not a header name such as X-Forwarded-For")
        }
        return text
    }

    private static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
