import Foundation

/// The type a route parameter's values must have (`routeParameters.<name>.type`): a value that
/// does not convert is a failed match, as a value its `regex` rejects is. Which text each type
/// accepts, and the sources the rules follow, are in `Docs/Semantics.md` ("Typed parameters").
public enum ParameterType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Any text: the default, every value.
    case string
    /// A whole number: ASCII digits only, no sign, leading zeros allowed (`007` is 7), that fits
    /// a 64-bit signed integer. As Django's `int` converter, whose pattern is `[0-9]+`.
    case int
    /// A decimal number: an optional `-`, ASCII digits, and an optional `.` with digits
    /// (`-12.50`); no exponent, `inf`, `nan` or hexadecimal float, which Swift's `Double(_:)`
    /// would read.
    case number
    /// A UUID in the 8-4-4-4-12 hexadecimal form of RFC 9562 section 4, either case (RFC 9562:
    /// "case insensitive on input"), any version or variant; no braces or `urn:uuid:`.
    case uuid
    /// `true` or `false`, or `1` or `0`.
    case bool

    /// The name as the config writes it.
    public var description: String { rawValue }

    /// What the type accepts, for messages: "a whole number such as 42".
    public var expectation: String {
        switch self {
        case .string: "any text"
        case .int: "a whole number such as 42 (digits only)"
        case .number: "a decimal number such as 12.5 or -3"
        case .uuid: "a UUID such as 123e4567-e89b-12d3-a456-426614174000"
        case .bool: "true, false, 1 or 0"
        }
    }

    /// Why a text is not of the type, for messages: ``expectation`` as "expected …", except for
    /// digits that do not fit a 64-bit integer, which are "out of range for int (at most
    /// 9223372036854775807)": the value has the right form, only too many digits.
    /// - Parameter text: A text ``value(of:)`` does not convert.
    public func mismatch(of text: String) -> String {
        if self == .int, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return "out of range for int (at most \(Int.max))"
        }
        return "expected \(expectation)"
    }

    /// The value a text converts to, or `nil` when the text is not of the type.
    /// - Parameter text: A percent-decoded path segment, or a query value.
    public func value(of text: String) -> ParameterValue? {
        switch self {
        case .string:
            return .string(text)
        case .int:
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(text) else { return nil }
            return .int(number)
        case .number:
            var bytes = Substring(text).utf8[...]
            if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
            guard let whole = parts.first, !whole.isEmpty, parts.allSatisfy({ part in !part.isEmpty && part.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
                let number = Double(text), number.isFinite
            else { return nil }
            return .number(number)
        case .uuid:
            guard text.utf8.count == 36, let uuid = UUID(uuidString: text) else { return nil }
            // Foundation reads only the 8-4-4-4-12 form, in either case; the length rules out the rest.
            return .uuid(uuid)
        case .bool:
            switch text.lowercased() {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: return nil
            }
        }
    }

    /// Whether a text is of the type.
    public func accepts(_ text: String) -> Bool {
        self == .string || value(of: text) != nil
    }
}

/// A route parameter's value, converted by its ``ParameterType``.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A decimal number.
    case number(Double)
    /// A UUID.
    case uuid(UUID)
    /// A truth value.
    case bool(Bool)

    /// The value as a link carries it: a UUID lowercased, as RFC 9562 writes it on output.
    public var description: String {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .uuid(let uuid): uuid.uuidString.lowercased()
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}

extension ParameterValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    /// Text: `["slug": "spring"]`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A whole number: `["saleId": 3]`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A decimal number: `["price": 12.5]`.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A truth value: `["preview": true]`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
