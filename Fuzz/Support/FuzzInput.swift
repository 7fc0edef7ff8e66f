/// The bytes libFuzzer hands a target, read the ways the targets need them.
public struct FuzzInput {
    public let bytes: [UInt8]

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The bytes as text; invalid UTF-8 becomes U+FFFD, as it would arriving over HTTP.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text before and after the first NUL byte, for targets that take two inputs
    /// (a pattern and a value, a path and a file). Without a NUL the second part is empty.
    public var split: (first: String, second: String) {
        guard let separator = bytes.firstIndex(of: 0) else { return (text, "") }
        return (String(decoding: bytes[..<separator], as: UTF8.self),
                String(decoding: bytes[(separator + 1)...], as: UTF8.self))
    }
}
