import Foundation

/// The UTC days the numbers cover, first and last included: the last N days up to today, or any
/// range a person asks for (`from` and `to`, `YYYY-MM-DD`). A `Sendable` value.
package struct DayRange: Sendable, Hashable {
    /// The most days a range may hold: a year and a day.
    package static let maximumDays = 366

    /// Every day of the range, oldest first, `YYYY-MM-DD`.
    package let days: [String]

    /// The first day.
    package var first: String { days[0] }
    /// The last day.
    package var last: String { days[days.count - 1] }

    /// The last `count` days up to the day of `end`, today included.
    /// - Parameters:
    ///   - count: How many days, 1 to ``maximumDays``.
    ///   - end: A moment of the last day.
    package static func last(_ count: Int, endingAt end: Date) -> DayRange {
        DayRange(days: (0..<min(max(1, count), maximumDays)).reversed().map { end.addingTimeInterval(-86_400 * Double($0)).utcDay })
    }

    private init(days: [String]) {
        self.days = days
    }

    /// A range from one day through another, as a person typed them.
    /// - Parameters:
    ///   - from: The first day, `YYYY-MM-DD`.
    ///   - to: The last day, `YYYY-MM-DD`, not before `from` and not after today.
    ///   - now: The current time, for today.
    /// - Throws: ``LinkServerError`` with code `invalid-field`, naming `from` or `to` and saying what is wrong.
    package init(from: String, to: String, now: Date = Date()) throws(LinkServerError) {
        guard let start = Self.date(from) else {
            throw LinkServerError(code: .invalidField, message: "from must be a day such as 2026-11-01 (UTC), not \(from.debugDescription)", field: "from")
        }
        guard let end = Self.date(to) else {
            throw LinkServerError(code: .invalidField, message: "to must be a day such as 2026-11-30 (UTC), not \(to.debugDescription)", field: "to")
        }
        guard start <= end else {
            throw LinkServerError(code: .invalidField, message: "from (\(from)) is after to (\(to))", field: "from")
        }
        guard end.utcDay <= now.utcDay else {
            throw LinkServerError(code: .invalidField, message: "to (\(to)) is after today (\(now.utcDay), UTC)", field: "to")
        }
        let count = Int((end.timeIntervalSince(start) / 86_400).rounded()) + 1
        guard count <= Self.maximumDays else {
            throw LinkServerError(
                code: .invalidField, message: "the range holds \(count) days; at most \(Self.maximumDays) can be shown at once", field: "from")
        }
        self = .last(count, endingAt: end)
    }

    /// A range whose ends may be missing, as a form or the command line gives them: without
    /// `from` it is the single day `to`; without `to` it runs through today.
    /// - Parameters:
    ///   - from: The first day, `YYYY-MM-DD`, or `nil` or empty.
    ///   - to: The last day, `YYYY-MM-DD`, or `nil` or empty.
    ///   - now: The current time, for today.
    /// - Throws: ``LinkServerError`` as ``init(from:to:now:)`` does.
    package init(optionalFrom from: String?, to: String?, now: Date = Date()) throws(LinkServerError) {
        let from = from?.trimmingCharacters(in: .whitespaces) ?? ""
        let to = to?.trimmingCharacters(in: .whitespaces) ?? ""
        try self.init(from: from.isEmpty ? to : from, to: to.isEmpty ? now.utcDay : to, now: now)
    }

    /// A range as the admin API's query gives it: `days` (the last N days, today included), or
    /// `from` and `to` as ``init(optionalFrom:to:now:)`` reads them; the last 30 days without any.
    /// - Parameters:
    ///   - days: How many days, `1` to ``maximumDays``, as text; or `nil`.
    ///   - from: The first day, `YYYY-MM-DD`, or `nil`.
    ///   - to: The last day, `YYYY-MM-DD`, or `nil`.
    ///   - now: The current time, for today.
    /// - Throws: ``LinkServerError`` with code `invalid-field`, naming `days`, `from` or `to`.
    package init(days: String?, from: String?, to: String?, now: Date = Date()) throws(LinkServerError) {
        guard let days else {
            self = from == nil && to == nil ? .last(30, endingAt: now) : try DayRange(optionalFrom: from, to: to, now: now)
            return
        }
        guard from == nil, to == nil else {
            throw LinkServerError(code: .invalidField, message: "give days, or from and to, not both", field: "days")
        }
        guard let count = Int(days), (1...Self.maximumDays).contains(count), days.allSatisfy(\.isASCII) else {
            throw LinkServerError(
                code: .invalidField, message: "days must be a whole number from 1 to \(Self.maximumDays), not \(days.debugDescription)",
                field: "days")
        }
        self = .last(count, endingAt: now)
    }

    /// Whether the range holds a day.
    /// - Parameter day: A day, `YYYY-MM-DD`.
    package func contains(_ day: String) -> Bool {
        day >= first && day <= last
    }

    /// The midnight (UTC) of a `YYYY-MM-DD` day, or `nil` when the text is not one.
    private static func date(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)), date.utcDay == text else { return nil }
        return date
    }
}
