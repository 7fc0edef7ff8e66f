import Foundation
import Synchronization

/// Request counts, latencies and resolved links, written in the Prometheus text format.
/// Thread-safe and `Sendable`; one instance per application.
public final class ServerMetrics: Sendable {
    /// The latency histogram's upper bounds, in seconds.
    static let buckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    private struct Histogram {
        var counts = [Int](repeating: 0, count: ServerMetrics.buckets.count)
        var count = 0
        var sum = 0.0
    }

    private struct State {
        var requests: [RequestKey: Int] = [:]
        var latencies: [String: Histogram] = [:]
        var resolved: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// Creates empty metrics.
    public init() {}

    /// Counts a request and its latency.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - route: The matched route pattern, e.g. `/{code}`, or `unmatched`.
    ///   - status: The response status.
    ///   - seconds: The time to the response head.
    func recordRequest(method: String, route: String, status: Int, seconds: Double) {
        state.withLock { state in
            state.requests[RequestKey(method: method, route: route, status: status), default: 0] += 1
            var histogram = state.latencies[route] ?? Histogram()
            for (index, bound) in Self.buckets.enumerated() where seconds <= bound { histogram.counts[index] += 1 }
            histogram.count += 1
            histogram.sum += seconds
            state.latencies[route] = histogram
        }
    }

    /// Counts a resolved link.
    /// - Parameter platform: The client's platform.
    func recordResolution(platform: ClientPlatform) {
        state.withLock { $0.resolved[platform.rawValue, default: 0] += 1 }
    }

    /// The metrics in the Prometheus text exposition format 0.0.4.
    public func prometheusText() -> String {
        let snapshot = state.withLock { $0 }
        var lines = [
            "# HELP deeplink_http_requests_total HTTP requests by method, route and status.",
            "# TYPE deeplink_http_requests_total counter",
        ]
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            lines.append(
                #"deeplink_http_requests_total{method="\#(Self.escape(key.method))",route="\#(Self.escape(key.route))",status="\#(key.status)"} \#(count)"#)
        }
        lines += [
            "# HELP deeplink_http_request_duration_seconds Time to the response head, by route.",
            "# TYPE deeplink_http_request_duration_seconds histogram",
        ]
        for (route, histogram) in snapshot.latencies.sorted(by: { $0.key < $1.key }) {
            let label = #"route="\#(Self.escape(route))""#
            for (index, bound) in Self.buckets.enumerated() {
                lines.append(#"deeplink_http_request_duration_seconds_bucket{\#(label),le="\#(bound)"} \#(histogram.counts[index])"#)
            }
            lines.append(#"deeplink_http_request_duration_seconds_bucket{\#(label),le="+Inf"} \#(histogram.count)"#)
            lines.append("deeplink_http_request_duration_seconds_sum{\(label)} \(histogram.sum)")
            lines.append("deeplink_http_request_duration_seconds_count{\(label)} \(histogram.count)")
        }
        lines += [
            "# HELP deeplink_links_resolved_total Links resolved, by client platform.",
            "# TYPE deeplink_links_resolved_total counter",
        ]
        for platform in ClientPlatform.allCases {
            lines.append(#"deeplink_links_resolved_total{platform="\#(platform.rawValue)"} \#(snapshot.resolved[platform.rawValue] ?? 0)"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
