/// A value of a MaxMind DB's data section, as the format's types decode it. A `Sendable` value.
public enum MaxMindValue: Sendable, Hashable {
    /// A UTF-8 string.
    case string(String)
    /// A double or a float.
    case double(Double)
    /// Bytes.
    case bytes([UInt8])
    /// An unsigned integer of up to 64 bits (uint16, uint32, uint64).
    case unsigned(UInt64)
    /// An unsigned 128-bit integer, as its 16 big-endian bytes.
    case unsigned128([UInt8])
    /// A signed 32-bit integer.
    case signed(Int32)
    /// A map with string keys.
    case map([String: MaxMindValue])
    /// An array.
    case array([MaxMindValue])
    /// A boolean.
    case bool(Bool)

    /// The value under a key of a map; `nil` for a missing key or a value that is no map.
    public subscript(key: String) -> MaxMindValue? {
        if case .map(let members) = self { return members[key] }
        return nil
    }

    /// The string, if the value is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The unsigned integer, if the value is one.
    public var unsignedValue: UInt64? {
        if case .unsigned(let value) = self { return value }
        return nil
    }
}
