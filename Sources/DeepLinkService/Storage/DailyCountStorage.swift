/// Where the daily counts that have no click of their own are added: app opens (a tap on a short
/// link that opened the installed app, which resolved the code with `POST /api/v1/opens`) and
/// store hops that record no deferred click (an App Store visit while neither the pasteboard
/// flow nor probabilistic matching could claim it). `Sendable`.
package protocol DailyCountStorage: Sendable {
    /// Adds one app open of a link on a day and platform to its daily counts and the all-links
    /// totals; an open of a link deleted meanwhile is not counted.
    /// - Parameters:
    ///   - code: The link's code.
    ///   - day: The UTC day, `YYYY-MM-DD`.
    ///   - platform: The platform the app said it runs on.
    /// - Throws: ``StoreError`` when the database fails.
    func recordAppOpen(code: String, day: String, platform: ClientPlatform) async throws(StoreError)

    /// Adds one store hop of a link on a day and platform, as a recorded deferred click does.
    /// - Parameters:
    ///   - code: The link's code.
    ///   - day: The UTC day, `YYYY-MM-DD`.
    ///   - platform: The visitor's platform.
    /// - Throws: ``StoreError`` when the database fails.
    func recordStoreHop(code: String, day: String, platform: ClientPlatform) async throws(StoreError)
}
