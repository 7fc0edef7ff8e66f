import Foundation

/// How the dashboard writes messages and times.
enum DashboardText {
    /// An error message as a sentence: capitalised, with a full stop.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let text = first.uppercased() + message.dropFirst()
        return text.hasSuffix(".") ? text : text + "."
    }

    /// A day in UTC: `2026-11-25`.
    static func date(_ date: Date) -> String { String(dateTime(date).prefix(10)) }

    /// A time to the minute in UTC: `2026-11-25 14:05 UTC`.
    static func dateTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate, .withSpaceBetweenDateAndTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return String(formatter.string(from: date).prefix(16)) + " UTC"
    }
}
