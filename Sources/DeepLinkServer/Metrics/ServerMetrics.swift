import DeepLinkService
import Prometheus
import Synchronization

/// Request counts, latencies and resolved links, in a Prometheus registry of the application's
/// own, written in the Prometheus text format. Thread-safe and `Sendable`; one instance per application.
package final class ServerMetrics: Sendable {
    /// The latency histogram's upper bounds.
    static let buckets: [Duration] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5].map { .seconds($0) }

    /// `deeplink_http_requests_total`.
    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "deeplink", subsystem: "http", metricName: "requests", unitName: "total",
            helpText: "HTTP requests by method, route and status.")
    }
    /// `deeplink_http_request_duration_seconds`.
    private static var latency: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "deeplink", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "Time to the response head, by route.")
    }
    /// `deeplink_links_resolved_total`.
    private static var resolutions: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "deeplink", subsystem: "links", metricName: "resolved", unitName: "total",
            helpText: "Links resolved, by client platform.")
    }

    private let registry: PrometheusCollectorRegistry
    private let resolved: [ClientPlatform: Counter]
    /// The counter and histogram of each method, route and status seen: the registry names and
    /// looks up a metric by building its full name each time, a few percent of a request's cost.
    private let requestMetrics = Mutex<[RequestKey: (count: Counter, latency: DurationHistogram)]>([:])

    /// What a request is counted by.
    private struct RequestKey: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    /// Creates empty metrics.
    package init() {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        // Made up front so every platform shows, with 0, before its first resolution.
        resolved = Dictionary(
            uniqueKeysWithValues: ClientPlatform.allCases.map { platform in
                (platform, registry.makeCounter(descriptor: Self.resolutions, labels: [("platform", platform.rawValue)]))
            })
    }

    /// Counts a request and its latency.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - route: The matched route pattern, e.g. `/{code}`, or `unmatched`.
    ///   - status: The response status.
    ///   - duration: The time to the response head.
    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let key = RequestKey(method: method, route: route, status: status)
        let metrics = requestMetrics.withLock { known in
            if let metrics = known[key] { return metrics }
            let metrics = (
                count: registry.makeCounter(descriptor: Self.requests, labels: [("method", method), ("route", route), ("status", String(status))]),
                latency: registry.makeDurationHistogram(descriptor: Self.latency, labels: [("route", route)], buckets: Self.buckets)
            )
            known[key] = metrics
            return metrics
        }
        metrics.count.increment()
        metrics.latency.record(duration)
    }

    /// Counts a resolved link.
    /// - Parameter platform: The client's platform.
    func recordResolution(platform: ClientPlatform) {
        resolved[platform]?.increment()
    }

    /// The metrics in the Prometheus text exposition format 0.0.4.
    package func prometheusText() -> String {
        registry.emitToString()
    }
}
