import Foundation

/// One statement in the SQL that SQLite and PostgreSQL agree on, its values, and how to read its
/// rows; ``SQLLinkStore`` makes them and each store runs them. Its parts are for the store
/// modules only. `Sendable`.
///
/// Placeholders are `$1`, `$2`, …: PostgreSQL reads them as they are, and SQLite's store writes
/// them as `?1`, `?2`, …, which bind by the same numbers.
package struct SQLQuery<Result>: Sendable {
    /// The statement.
    package let sql: String
    /// The placeholders' values, in order.
    package let values: [SQLValue]
    /// What the statement does, for errors: `insert link`.
    package let action: String
    /// The message for a unique-key violation, when the statement can cause one.
    package let duplicateMessage: String?
    /// Reads the result from the rows.
    package let read: @Sendable ([any SQLRow]) throws(StoreError) -> Result

    /// Creates a query.
    init(
        _ sql: String, _ values: [SQLValue] = [], action: String, duplicateMessage: String? = nil,
        read: @escaping @Sendable ([any SQLRow]) throws(StoreError) -> Result
    ) {
        self.sql = sql
        self.values = values
        self.action = action
        self.duplicateMessage = duplicateMessage
        self.read = read
    }
}

extension SQLQuery where Result == Void {
    /// A statement whose rows are not read.
    init(_ sql: String, _ values: [SQLValue] = [], action: String, duplicateMessage: String? = nil) {
        self.init(sql, values, action: action, duplicateMessage: duplicateMessage) { _ in }
    }
}

/// `$1, $2, …, $count`, or from another first number: `$3, $4, …`.
func placeholders(_ count: Int, from first: Int = 1) -> String {
    (first..<(first + count)).map { "$\($0)" }.joined(separator: ", ")
}

/// The `VALUES` list of a multi-row `INSERT`: `($1, $2), ($3, $4)` for two rows of two columns.
func rowPlaceholders(rows: Int, columns: Int) -> String {
    // Written into one string: a batch of 500 store hops has 7,500 placeholders.
    var text = ""
    text.reserveCapacity(rows * columns * 8)
    for row in 0..<rows {
        text += row == 0 ? "(" : ", ("
        for column in 1...columns {
            if column > 1 { text += ", " }
            text += "$"
            text += String(row * columns + column)
        }
        text += ")"
    }
    return text
}

/// A value bound to a placeholder: text or a whole number, either possibly `NULL`.
package enum SQLValue: Sendable, Hashable {
    /// `TEXT`.
    case text(String?)
    /// `BIGINT`.
    case integer(Int64?)

    /// A time as whole seconds since 1970, as the tables keep it.
    static func seconds(_ date: Date?) -> SQLValue {
        .integer(date.map { Int64($0.timeIntervalSince1970.rounded(.down)) })
    }
}
