/// What importing a Firebase export did with each row. A `Sendable` value.
package struct FirebaseImportReport: Sendable, Hashable {
    /// What happened to one row. A skipped row's error names the Firebase parameter at fault
    /// (`afl`, `link`) as its `field`.
    package typealias Outcome = LinkImportOutcome

    /// One row and its outcome.
    package struct Entry: Sendable, Hashable {
        /// The 1-based line of the file the row starts on.
        package let line: Int
        /// The row's short link.
        package let shortLink: String
        /// The code the short link gives, or `nil` when it gives none.
        package let code: String?
        /// What happened.
        package internal(set) var outcome: Outcome
    }

    /// Every row, in file order.
    package let entries: [Entry]
    /// Firebase parameters the rows used that have no effect here (`efr`, `ibi`, …), sorted.
    package let ignoredParameters: [String]
    /// Whether the import only reported and wrote nothing.
    package let dryRun: Bool
    /// Imported rows whose `Creation timestamp` did not read as a date: those links are dated
    /// by the import.
    package var unreadTimestamps: [UnreadTimestamp] = []

    /// How many rows were imported (in a dry run: would be).
    package var importedCount: Int { entries.count { $0.outcome == .imported } }
    /// How many rows were already stored with the same content.
    package var alreadyImportedCount: Int { entries.count { $0.outcome == .alreadyImported } }
    /// How many rows were left out.
    package var skippedCount: Int { entries.count - importedCount - alreadyImportedCount }
}

/// A `Creation timestamp` cell that is no date the import reads (``FirebaseExportRow/creationDate``).
package struct UnreadTimestamp: Sendable, Hashable {
    /// The 1-based line of the row.
    package let line: Int
    /// The cell's text.
    package let text: String
}
