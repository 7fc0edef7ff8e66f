/// A character a field must not hold, and where it stands, so that a field error can name a
/// character its sender cannot see: `U+00AD (soft hyphen) at position 13`. A `Sendable` value.
struct OffendingCharacter: Sendable, Hashable, CustomStringConvertible {
    /// The character.
    let scalar: Unicode.Scalar
    /// Its position in the field's text, counting Unicode scalars from 1.
    let position: Int

    /// The first scalar of a text that fails a test.
    /// - Parameters:
    ///   - text: The text, or a part of a field's text.
    ///   - offset: How many scalars of the field come before `text`, so positions count from the field's start.
    ///   - isOffending: The test.
    /// - Returns: The first offending scalar and its position, or `nil`.
    static func first(
        in text: some StringProtocol, offset: Int = 0, where isOffending: (Unicode.Scalar) -> Bool
    ) -> OffendingCharacter? {
        for (index, scalar) in text.unicodeScalars.enumerated() where isOffending(scalar) {
            return OffendingCharacter(scalar: scalar, position: offset + index + 1)
        }
        return nil
    }

    /// Control characters and white space, which would split a `Location` header or an HTML
    /// attribute, or hide part of a URL.
    static func isControlOrSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.isWhitespace
    }

    /// Characters that change how text reads without being seen: the soft hyphen, zero-width
    /// characters, the byte order mark and every bidirectional control.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        isBidiOverride(scalar) || [0xAD, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0xFEFF].contains(scalar.value)
    }

    /// The bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which
    /// reorder the text after them: the "Trojan Source" characters. The marks U+200E and U+200F
    /// are not among them, since right-to-left text needs them.
    static func isBidiOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static let names: [UInt32: String] = [
        0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return", 0x20: "space", 0x7F: "delete", 0xA0: "no-break space",
        0xAD: "soft hyphen", 0x200B: "zero-width space", 0x200C: "zero-width non-joiner", 0x200D: "zero-width joiner",
        0x200E: "left-to-right mark", 0x200F: "right-to-left mark", 0x202A: "left-to-right embedding",
        0x202B: "right-to-left embedding", 0x202C: "pop directional formatting", 0x202D: "left-to-right override",
        0x202E: "right-to-left override", 0x2066: "left-to-right isolate", 0x2067: "right-to-left isolate",
        0x2068: "first strong isolate", 0x2069: "pop directional isolate", 0xFEFF: "byte order mark",
    ]

    /// `U+000D (carriage return) at position 12`.
    var description: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let name = Self.names[scalar.value] ?? scalar.properties.name?.lowercased()
        return code + (name.map { " (\($0))" } ?? "") + " at position \(position)"
    }
}
