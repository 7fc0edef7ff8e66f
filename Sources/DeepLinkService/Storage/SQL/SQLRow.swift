import Foundation

/// A result row as ``SQLLinkStore`` reads it: text and whole-number columns by name.
package protocol SQLRow {
    /// A text column's value; `nil` for `NULL`.
    /// - Throws: ``StoreError`` with code `corrupt` when the column is not text.
    func text(_ column: String) throws(StoreError) -> String?

    /// A whole-number column's value; `nil` for `NULL`.
    /// - Throws: ``StoreError`` with code `corrupt` when the column is not a number.
    func integer(_ column: String) throws(StoreError) -> Int64?
}

extension SQLRow {
    /// A time column kept as whole seconds since 1970; `nil` for `NULL`.
    func date(_ column: String) throws(StoreError) -> Date? {
        try integer(column).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// A text column that must not be `NULL`.
    func required(_ column: String, of table: String) throws(StoreError) -> String { try present(text(column), column, table) }

    /// A whole-number column that must not be `NULL`.
    func required(_ column: String, of table: String) throws(StoreError) -> Int64 { try present(integer(column), column, table) }

    /// A time column that must not be `NULL`.
    func required(_ column: String, of table: String) throws(StoreError) -> Date { try present(date(column), column, table) }

    /// A platform column.
    func platform(of table: String) throws(StoreError) -> ClientPlatform {
        let name: String = try required("platform", of: table)
        guard let platform = ClientPlatform(rawValue: name) else {
            throw StoreError(code: .corrupt, message: "a \(table) row names the unknown platform \(name)")
        }
        return platform
    }

    /// The five UTM columns.
    func utm() throws(StoreError) -> UTMFields {
        UTMFields(
            source: try text("utm_source"), medium: try text("utm_medium"), campaign: try text("utm_campaign"),
            term: try text("utm_term"), content: try text("utm_content"))
    }

    private func present<Value>(_ value: Value?, _ column: String, _ table: String) throws(StoreError) -> Value {
        guard let value else { throw StoreError(code: .corrupt, message: "a \(table) row has no \(column)") }
        return value
    }
}
