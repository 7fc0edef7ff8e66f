import Foundation

extension RouteResult {
    /// A parameter's value converted by its declared type (`routeParameters.<name>.type`): an
    /// ``ParameterValue/int(_:)`` for `"type": "int"`, text for a parameter without a type; `nil`
    /// when the result has no such parameter. A handler may have changed a value so that it no
    /// longer converts; then the text is returned.
    /// - Parameter name: The parameter's name.
    public func value(_ name: String) -> ParameterValue? {
        guard let text = parameters[name] else { return nil }
        return (parameterTypes[name] ?? .string).value(of: text) ?? .string(text)
    }

    /// The route's parameters decoded into a value: `try result.decode(Sale.self)` for
    /// `struct Sale: Decodable { let saleId: Int; let ref: String? }`. Each property reads the
    /// parameter of its name (coding keys apply), converted from the link's text: `Int` and the
    /// other integer types, `Double`, `Float`, `Bool` (`true`, `false`, `1`, `0`), `UUID`, `String`,
    /// any `RawRepresentable` enum through its raw value, and optionals for parameters a link may
    /// lack.
    /// - Parameter type: The type to decode.
    /// - Throws: ``ParameterDecodingError`` naming the parameter that is missing or does not convert.
    public func decode<Value: Decodable>(_ type: Value.Type) throws(ParameterDecodingError) -> Value {
        do {
            return try Value(from: ParameterDecoder(parameters: parameters, key: nil))
        } catch let error as ParameterDecodingError {
            throw error
        } catch {
            throw ParameterDecodingError(parameter: nil, message: "cannot decode \(Value.self) from the route's parameters: \(error)")
        }
    }
}

/// Why ``RouteResult/decode(_:)`` failed: the parameter and what is wrong with it.
public struct ParameterDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter, when one is to blame.
    public let parameter: String?
    /// What is wrong: `parameter saleId is "abc", not an Int`.
    public let message: String

    /// Creates an error.
    /// - Parameters:
    ///   - parameter: The parameter to blame.
    ///   - message: What is wrong.
    public init(parameter: String?, message: String) {
        self.parameter = parameter
        self.message = message
    }

    public var description: String { message }
}

/// Decodes a value from a route's parameters: a keyed container over the parameters, and for each
/// one a single value read from its text.
private struct ParameterDecoder: Decoder {
    let parameters: [String: String]
    /// The parameter being decoded, for a single value.
    let key: String?
    var codingPath: [any CodingKey] { key.map { [ParameterKey(stringValue: $0)] } ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard key == nil else {
            throw ParameterDecodingError(parameter: key, message: "parameter \(key ?? "") is text, not a nested value")
        }
        return KeyedDecodingContainer(Keyed<Key>(parameters: parameters))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw ParameterDecodingError(parameter: key, message: "route parameters are named, not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let key, let text = parameters[key] else {
            throw ParameterDecodingError(parameter: key, message: "route parameters are named values; decode a struct with a property per parameter")
        }
        return Single(key: key, text: text)
    }

    struct ParameterKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let parameters: [String: String]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { parameters.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { parameters[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { parameters[key.stringValue] == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let text = parameters[key.stringValue] else {
                throw ParameterDecodingError(parameter: key.stringValue, message: "parameter \(key.stringValue) is missing")
            }
            return try Single(key: key.stringValue, text: text).decode(T.self)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw ParameterDecodingError(parameter: key.stringValue, message: "parameter \(key.stringValue) is text, not a nested value")
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw ParameterDecodingError(parameter: key.stringValue, message: "parameter \(key.stringValue) is text, not a list")
        }

        func superDecoder() throws -> any Decoder { ParameterDecoder(parameters: parameters, key: nil) }

        func superDecoder(forKey key: Key) throws -> any Decoder { ParameterDecoder(parameters: parameters, key: key.stringValue) }
    }

    struct Single: SingleValueDecodingContainer {
        let key: String
        let text: String
        var codingPath: [any CodingKey] { [ParameterKey(stringValue: key)] }

        func decodeNil() -> Bool { false }

        private func failure(_ type: String) -> ParameterDecodingError {
            ParameterDecodingError(parameter: key, message: "parameter \(key) is \(JSONWriter.quoted(text)), not \(type)")
        }

        private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            guard case .int(let number)? = ParameterType.int.value(of: text), let value = T(exactly: number) else {
                // A negative number is refused by the `int` type; read it for signed types all the same.
                if T.isSigned, text.hasPrefix("-"), ParameterType.int.accepts(String(text.dropFirst())), let value = T(text) { return value }
                throw failure("a whole number that fits \(T.self)")
            }
            return value
        }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let flag)? = ParameterType.bool.value(of: text) else { throw failure("true, false, 1 or 0") }
            return flag
        }
        func decode(_ type: String.Type) throws -> String { text }
        func decode(_ type: Double.Type) throws -> Double {
            guard case .number(let number)? = ParameterType.number.value(of: text) else { throw failure("a decimal number") }
            return number
        }
        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            switch type {
            case is String.Type: return text as! T
            case is Int.Type: return try decode(Int.self) as! T
            case is Bool.Type: return try decode(Bool.self) as! T
            case is Double.Type: return try decode(Double.self) as! T
            case is Float.Type: return try decode(Float.self) as! T
            case is UUID.Type:
                guard case .uuid(let uuid)? = ParameterType.uuid.value(of: text) else { throw failure("a UUID") }
                return uuid as! T
            case is Int64.Type: return try decode(Int64.self) as! T
            case is Int32.Type: return try decode(Int32.self) as! T
            case is UInt.Type: return try decode(UInt.self) as! T
            default:
                // Enums with raw values and other types that decode from a single value.
                do {
                    return try T(from: ParameterDecoder(parameters: [key: text], key: key))
                } catch let error as ParameterDecodingError {
                    throw error
                } catch {
                    throw failure("a value of \(T.self)")
                }
            }
        }
    }
}
