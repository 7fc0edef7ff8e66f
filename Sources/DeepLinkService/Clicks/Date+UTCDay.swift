import Foundation

extension Date {
    /// The UTC day of the moment, `YYYY-MM-DD`, as clicks and the numbers are counted (the
    /// civil-from-days algorithm, proleptic Gregorian; no calendar or formatter on the hot path).
    package var utcDay: String {
        let days = Int((timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        if (0...9999).contains(year) {
            // Written digit by digit into the string's own storage: formatting three numbers and
            // joining them was half a percent of a landing page's time.
            return String(unsafeUninitializedCapacity: 10) { text in
                func write(_ value: Int, endingAt end: Int, width: Int) {
                    var rest = value
                    for index in stride(from: end - 1, through: end - width, by: -1) {
                        text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                }
                write(year, endingAt: 4, width: 4)
                write(month, endingAt: 7, width: 2)
                write(day, endingAt: 10, width: 2)
                text[4] = UInt8(ascii: "-")
                text[7] = UInt8(ascii: "-")
                return 10
            }
        }
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
