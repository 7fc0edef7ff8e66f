import DeepLinkCore

/// Taps on a short link that opened the installed app, which resolved the code: per day and by
/// platform. A `Sendable` value.
package struct AppOpens: Sendable, Hashable {
    /// Opens per UTC day, `YYYY-MM-DD`.
    package var perDay: [String: Int] = [:]
    /// Opens per platform (`ios`, `android`).
    package var byPlatform: [String: Int] = [:]

    /// Every open counted.
    package var total: Int { perDay.values.reduce(0, +) }

    /// Sums the opens of daily counts.
    /// - Parameter counts: The counts, of one link or of all.
    package init(_ counts: [DeferredCount]) {
        for count in counts where count.opens > 0 {
            perDay[count.day, default: 0] += count.opens
            byPlatform[count.platform.rawValue, default: 0] += count.opens
        }
    }

}
