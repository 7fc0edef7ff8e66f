import DeepLinkCore
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Keeps clicks for the app to claim after an install, and answers claims: by token first,
/// then, only when the config turns it on, by network and device signals. A `Service` that
/// purges what has expired on a schedule; `Sendable`.
///
/// Probabilistic matching stores no address: only a salted hash of the network prefix (see
/// ``NetworkPrefix``). Salts change every window and are deleted one window later, so a hash
/// cannot be tested against candidate addresses once its clicks can no longer be matched.
package final class DeferredLinks: Service, Sendable {
    private let store: any DeferredClickStorage
    /// Writes the clicks of concurrent store hops together.
    private let writer: DeferredClickWriter
    /// The per-address limit, when this server counts it in its own memory.
    private let localLimit: RateLimiter?
    private let settings: DeferredLinkSettings
    private let purgeInterval: Duration
    private let clock: any MonotonicClock
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let salts = Mutex([Int: String]())

    /// Creates the service.
    /// - Parameters:
    ///   - store: Where clicks live.
    ///   - settings: The config's `deferred` section.
    ///   - purgeInterval: How often expired clicks are deleted.
    ///   - clicksPerMinutePerAddress: The clicks each client address may record per minute with
    ///     ``recordWithinLimit(code:deepLink:campaign:utm:device:clientAddress:variant:)``: counted by the
    ///     database as it writes them when the store can (``LimitingDeferredClickStorage``, shared by
    ///     servers), in this server's memory otherwise. `nil` for no limit.
    ///   - logger: Where purges and failures are logged.
    ///   - now: The wall clock clicks are dated by; tests move it.
    ///   - clock: The monotonic clock the purge interval and the in-memory limit run on; tests move it.
    package init(
        store: any DeferredClickStorage, settings: DeferredLinkSettings, purgeInterval: Duration = .seconds(300),
        clicksPerMinutePerAddress: Int? = nil, logger: Logger, now: @escaping @Sendable () -> Date = Date.init,
        clock: any MonotonicClock = SystemClock()
    ) {
        self.store = store
        let limit = clicksPerMinutePerAddress.map { ClickRateLimit(scope: Self.limitScope, perMinute: $0) }
        self.writer = DeferredClickWriter(store: store, limit: limit, now: now)
        self.localLimit = writer.limitsAsItWrites ? nil : clicksPerMinutePerAddress.map { RateLimiter(perMinute: $0, clock: clock) }
        self.settings = settings
        self.purgeInterval = purgeInterval
        self.logger = logger
        self.now = now
        self.clock = clock
    }

    /// Whether an App Store click is worth recording at the store hop: only probabilistic
    /// matching can find it, since its token reaches no app (the pasteboard flow records its
    /// click when the page is shown).
    package var recordsAppStoreClicks: Bool { settings.probabilistic }

    /// The name of the per-address limit on recorded clicks among `rate_limits`' buckets.
    static let limitScope = "deferred-clicks"

    /// Records a click that heads to an app store unless its client address is past the limit
    /// the service was created with (``init(store:settings:purgeInterval:clicksPerMinutePerAddress:logger:now:clock:)``).
    /// Clients without an address share the bucket of the address `unknown`.
    /// - Parameters:
    ///   - code: The short link's code, or `nil` for a Firebase long link.
    ///   - deepLink: The deep link.
    ///   - campaign: The link's campaign label.
    ///   - utm: The UTM fields in effect.
    ///   - device: The browser's signals; its platform is the click's.
    ///   - clientAddress: The client's address: its limit, and for probabilistic matching.
    ///   - variant: The A/B variant the visitor was shown, whose installs the claim counts.
    /// - Returns: The stored click, or `nil` when the address is past its limit.
    package func recordWithinLimit(
        code: String?, deepLink: String, campaign: String?, utm: UTMFields, device: DeviceSignals, clientAddress: String?, variant: String? = nil
    ) async throws(StoreError) -> DeferredClick? {
        let client = clientAddress.flatMap(RateLimitKey.of(address:)) ?? "unknown"
        if let localLimit, localLimit.take(client) != nil { return nil }
        var click = try await click(code: code, deepLink: deepLink, campaign: campaign, utm: utm, device: device, clientAddress: clientAddress)
        click.variant = variant
        return try await writer.insert(click, limitedAs: client) ? click : nil
    }

    /// Records a click that heads to an app store, whatever the limit.
    /// - Parameters:
    ///   - code: The short link's code, or `nil` for a Firebase long link.
    ///   - deepLink: The deep link.
    ///   - campaign: The link's campaign label.
    ///   - utm: The UTM fields in effect.
    ///   - device: The browser's signals; its platform is the click's.
    ///   - clientAddress: The client's address, used only with probabilistic matching.
    /// - Returns: The stored click, whose token goes into the store link or the pasteboard.
    package func record(
        code: String?, deepLink: String, campaign: String?, utm: UTMFields, device: DeviceSignals, clientAddress: String?
    ) async throws(StoreError) -> DeferredClick {
        let click = try await click(code: code, deepLink: deepLink, campaign: campaign, utm: utm, device: device, clientAddress: clientAddress)
        try await writer.insert(click)
        return click
    }

    /// A new click with a fresh token, and with its network's hash and signals when probabilistic matching keeps them.
    private func click(
        code: String?, deepLink: String, campaign: String?, utm: UTMFields, device: DeviceSignals, clientAddress: String?
    ) async throws(StoreError) -> DeferredClick {
        let date = now().roundedToSeconds
        // Only iOS clicks can be matched by signals: on Android the Play install referrer always
        // carries the token, and a signal match there could only take a click from its device.
        let keepsSignals = settings.probabilistic && device.platform == .ios
        var networkHash: String?
        if keepsSignals, let prefix = clientAddress.flatMap(NetworkPrefix.init(address:)) {
            networkHash = prefix.hash(salt: try await salt(period: period(of: date)))
        }
        let click = DeferredClick(
            token: DeferredClick.generateToken(), code: code, deepLink: deepLink, platform: device.platform, utm: utm,
            campaign: campaign, networkHash: networkHash, device: networkHash == nil ? nil : device, createdAt: date,
            expiresAt: date.addingTimeInterval(settings.tokenLifetime.inSeconds))
        return click
    }

    /// Answers a claim at most once per click.
    /// - Parameters:
    ///   - token: The token the app read from the install referrer or the pasteboard. When one is
    ///     given, only that click can match.
    ///   - device: The app's signals, for probabilistic matching.
    ///   - clientAddress: The claiming client's address, for probabilistic matching.
    /// - Returns: The claimed click and how it matched, or `nil` for no match.
    package func claim(
        token: String?, device: DeviceSignals?, clientAddress: String?
    ) async throws(StoreError) -> (click: DeferredClick, match: DeferredLinkClaim.Match)? {
        let date = now()
        if let token {
            return try await store.claimDeferredClick(token: token, at: date).map { ($0, .token) }
        }
        guard settings.probabilistic, let device, device.platform == .ios,
            let prefix = clientAddress.flatMap(NetworkPrefix.init(address:))
        else {
            return nil
        }
        let current = period(of: date)
        var hashes: [String] = []
        for period in [current, current - 1] { hashes.append(prefix.hash(salt: try await salt(period: period))) }
        let candidates = try await store.deferredCandidates(
            networkHashes: hashes, platform: device.platform, since: date.addingTimeInterval(-settings.probabilisticWindow.inSeconds),
            now: date)
        guard let chosen = Self.bestCandidate(candidates, for: device) else { return nil }
        return try await store.claimDeferredClick(token: chosen.token, at: date).map { ($0, .probabilistic) }
    }

    /// The newest click whose signals match the claim's (see ``DeviceSignals/matches(_:)``); two
    /// such clicks are one device that clicked twice, or devices no signal tells apart.
    static func bestCandidate(_ candidates: [DeferredClick], for device: DeviceSignals) -> DeferredClick? {
        candidates.filter { $0.device?.matches(device) == true }.max { ($0.createdAt, $0.token) < ($1.createdAt, $1.token) }
    }

    /// Deletes expired clicks and old salts, and clears signals older than the window.
    package func purge() async throws(StoreError) {
        let date = now()
        let oldestSalt = period(of: date) - 1
        let deleted = try await store.purgeDeferredClicks(
            now: date, signalsBefore: date.addingTimeInterval(-settings.probabilisticWindow.inSeconds), saltsBefore: oldestSalt)
        salts.withLock { salts in salts = salts.filter { $0.key >= oldestSalt } }
        if deleted > 0 { logger.info("purged expired deferred clicks", metadata: ["count": "\(deleted)"]) }
    }

    /// Purges every interval until graceful shutdown.
    package func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await self.purge()
                } catch {
                    // A purge cut short by a shutdown, such as the one a port already in use starts, is no failure.
                    if !Task.isCancelled { self.logger.error("cannot purge deferred clicks", metadata: ["error": "\(error)"]) }
                }
                try? await self.clock.sleep(for: self.purgeInterval)
            }
        }
    }

    private func period(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / settings.probabilisticWindow.inSeconds).rounded(.down))
    }

    private func salt(period: Int) async throws(StoreError) -> String {
        if let salt = salts.withLock({ $0[period] }) { return salt }
        let salt = try await store.deferredSalt(period: period, proposed: DeferredClick.generateToken())
        salts.withLock { $0[period] = salt }
        return salt
    }
}
