/// Where app opens are counted: a tap on a short link that opened the installed app, which
/// resolved the code with `POST /api/v1/opens`. `Sendable`.
package protocol AppOpenStorage: Sendable {
    /// Adds one app open of a link on a day and platform to its daily counts and the all-links
    /// totals; an open of a link deleted meanwhile is not counted.
    /// - Parameters:
    ///   - code: The link's code.
    ///   - day: The UTC day, `YYYY-MM-DD`.
    ///   - platform: The platform the app said it runs on.
    /// - Throws: ``StoreError`` when the database fails.
    func recordAppOpen(code: String, day: String, platform: ClientPlatform) async throws(StoreError)
}
