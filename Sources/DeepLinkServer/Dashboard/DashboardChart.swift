import DeepLinkService
import DeepLinkCore

/// Draws the clicks-per-day bar chart as SVG on the server, so it shows without JavaScript. It
/// has a title and a description for screen readers, each bar its own title (day and clicks),
/// and the page has the same numbers as a table.
enum DashboardChart {
    /// The chart of counts per day.
    /// - Parameters:
    ///   - days: The days, oldest first, `YYYY-MM-DD`.
    ///   - counts: The count of each day.
    ///   - title: The chart's title.
    ///   - narrow: Whether to draw it for a phone's width: 360 units wide instead of 720, so its
    ///     text stays readable once the SVG is scaled to the screen (the page shows one of the two).
    static func svg(days: [String], counts: [Int], title: String, narrow: Bool = false) -> String {
        let width = narrow ? 360.0 : 720.0, height = 200.0, left = 40.0, bottom = 24.0, top = 10.0
        let id = narrow ? "chart-narrow" : "chart"
        let plotWidth = width - left - 8, plotHeight = height - bottom - top
        let maximum = max(1, counts.max() ?? 0)
        let scale = niceCeiling(maximum)
        let slot = plotWidth / Double(max(1, days.count))
        let total = counts.reduce(0, +)
        let peak = zip(days, counts).max { $0.1 < $1.1 }
        var svg = """
            <svg class="chart \(narrow ? "chart-narrow" : "chart-wide")" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-labelledby="\(id)-title \(id)-desc" xmlns="http://www.w3.org/2000/svg">
            <title id="\(id)-title">\(escape(title))</title>
            <desc id="\(id)-desc">\(total) clicks from \(escape(days.first ?? "")) to \(escape(days.last ?? ""))\(peak.map { $0.1 > 0 ? "; most on \(escape($0.0)) (\($0.1))" : "" } ?? "").</desc>

            """
        for fraction in [0.0, 0.5, 1.0] {
            let y = top + plotHeight * (1 - fraction)
            let value = Int((Double(scale) * fraction).rounded())
            svg += "<line x1=\"\(format(left))\" x2=\"\(format(width - 8))\" y1=\"\(format(y))\" y2=\"\(format(y))\"/>"
            svg += "<text x=\"\(format(left - 6))\" y=\"\(format(y + 4))\" text-anchor=\"end\">\(value)</text>\n"
        }
        for (index, (day, count)) in zip(days, counts).enumerated() {
            let barHeight = plotHeight * Double(count) / Double(scale)
            // A few days' bars stay bars, not blocks: at most 48 units wide, centred in their slot.
            let barWidth = max(1, min(slot * 0.7, 48))
            let x = left + slot * Double(index) + (slot - barWidth) / 2
            svg += "<rect class=\"bar-fill\" x=\"\(format(x))\" y=\"\(format(top + plotHeight - barHeight))\" "
            svg += "width=\"\(format(barWidth))\" height=\"\(format(barHeight))\"><title>\(escape(day)): \(count) click\(count == 1 ? "" : "s")</title></rect>\n"
        }
        let labelled = days.count <= 1 ? [0] : [0, days.count / 2, days.count - 1]
        for index in Set(labelled).sorted() where index < days.count {
            let x = left + slot * (Double(index) + 0.5)
            let anchor = index == 0 ? "start" : index == days.count - 1 ? "end" : "middle"
            let labelX = index == 0 ? left : index == days.count - 1 ? width - 8 : x
            svg += "<text x=\"\(format(labelX))\" y=\"\(format(height - 6))\" text-anchor=\"\(anchor)\">\(escape(String(days[index].dropFirst(5))))</text>\n"
        }
        return svg + "</svg>"
    }

    /// The smallest of 2, 4, 10 × 10ⁿ at or above a value, for the axis: its half, the middle
    /// grid line, is then a whole number too.
    static func niceCeiling(_ value: Int) -> Int {
        var magnitude = 1
        while magnitude * 10 < value { magnitude *= 10 }
        for step in [2, 4, 10] where step * magnitude >= value { return step * magnitude }
        return 10 * magnitude
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Escapes text for SVG (XML) content.
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
