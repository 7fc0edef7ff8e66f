import Crypto

extension SHA256 {
    /// The digest of a string's UTF-8 bytes, as lowercase hex: how API keys are stored and ETags made.
    package static func hex(_ text: String) -> String {
        hash(data: Array(text.utf8)).hexString
    }
}

extension Sequence<UInt8> {
    /// The bytes as lowercase hex.
    package var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }, as: UTF8.self)
    }
}
