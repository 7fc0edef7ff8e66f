import DeepLinkCore

extension FirebaseImportReport {
    /// The counts, every row with its status (`imported`, `already-imported` or `skipped` with the
    /// error), the columns read and not read, and the creation timestamps that did not read as dates.
    /// - Parameters:
    ///   - ignoredColumns: The export's columns the import did not read, in file order.
    ///   - readColumns: The export's columns the import read, in file order.
    package func jsonValue(ignoredColumns: [String], readColumns: [String]) -> JSONValue {
        let rows = entries.map { entry -> JSONValue in
            var row: [String: JSONValue] = [
                "line": .number(Double(entry.line)), "shortLink": .string(entry.shortLink), "code": entry.code.map(JSONValue.string) ?? .null,
            ]
            row.merge(entry.outcome.jsonFields) { _, outcome in outcome }
            return .object(row)
        }
        return [
            "dryRun": .bool(dryRun), "imported": .number(Double(importedCount)), "alreadyImported": .number(Double(alreadyImportedCount)),
            "skipped": .number(Double(skippedCount)), "rows": .array(rows), "ignoredParameters": .array(ignoredParameters.map(JSONValue.string)),
            "ignoredColumns": .array(ignoredColumns.map(JSONValue.string)),
            "readColumns": .array(readColumns.map(JSONValue.string)),
            "unreadTimestamps": .array(unreadTimestamps.map { ["line": .number(Double($0.line)), "text": .string($0.text)] }),
        ]
    }
}
