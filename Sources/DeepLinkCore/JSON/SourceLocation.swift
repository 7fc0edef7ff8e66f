/// A position in a text file, counted from 1, used to point users at the offending input.
///
/// Columns count Unicode scalars, so a location matches what an editor shows for UTF-8 files.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, starting at 1.
    public let line: Int
    /// The column within the line, starting at 1.
    public let column: Int

    /// Creates a location.
    /// - Parameters:
    ///   - line: The line, starting at 1.
    ///   - column: The column, starting at 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }

    /// Orders locations by line, then by column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
