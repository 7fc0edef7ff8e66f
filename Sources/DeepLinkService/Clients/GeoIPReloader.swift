import DeepLinkCore
import Logging
import ServiceLifecycle

/// Reads the GeoIP database again when its file changes, checking once a minute, so a weekly
/// update reaches a running server without a restart. A file that cannot be read is logged,
/// and the database read before stays in use. A `Service`; `Sendable`.
package struct GeoIPReloader: Service {
    let countries: GeoIPCountries
    let interval: Duration
    let clock: any MonotonicClock
    let logger: Logger

    /// A reloader.
    /// - Parameters:
    ///   - countries: The database to keep current.
    ///   - interval: How often the file is looked at.
    ///   - clock: The clock it waits on.
    ///   - logger: Where a reload and a failed one are logged.
    package init(countries: GeoIPCountries, interval: Duration = .seconds(60), clock: any MonotonicClock, logger: Logger) {
        self.countries = countries
        self.interval = interval
        self.clock = clock
        self.logger = logger
    }

    package func run() async throws {
        await cancelWhenGracefulShutdown { [countries, interval, clock, logger] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: interval)
                } catch {
                    return
                }
                Self.check(countries, logger: logger)
            }
        }
    }

    /// Looks at the file once: the step ``run()`` repeats.
    package static func check(_ countries: GeoIPCountries, logger: Logger) {
        do {
            if try countries.reloadIfChanged() {
                logger.info("read the changed GeoIP database", metadata: ["geoip.path": "\(countries.path)", "geoip.type": "\(countries.databaseType)"])
            }
        } catch {
            logger.error("cannot read the changed GeoIP database; the one read before stays in use", metadata: ["error": "\(error)"])
        }
    }
}

