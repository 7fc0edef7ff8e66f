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

    /// Adds one app open, store visit or install of a link's A/B variant on a day to its
    /// per-variant counts; a visit of a link deleted meanwhile is not counted.
    /// - Parameters:
    ///   - count: What is counted.
    ///   - code: The link's code.
    ///   - day: The UTC day, `YYYY-MM-DD`.
    ///   - variant: The variant's name.
    /// - Throws: ``StoreError`` when the database fails.
    func recordVariantCount(_ count: VariantCountKind, code: String, day: String, variant: String) async throws(StoreError)
}

/// What a variant's count counts: a column of `variant_counts`.
package enum VariantCountKind: String, Sendable, Hashable {
    /// A tap that opened the installed app (`POST /api/v1/opens`).
    case opens
    /// A visit to a store through the link's store hop.
    case storeVisits = "store_visits"
    /// An install claimed from a deferred click.
    case installs
}
