import DeepLinkAppLinks
import DeepLinkTesting
import Foundation
import Testing

struct CachingAppLinkResolverTests {
    /// Answers with a page whose app name counts the calls; a held resolver answers only once the
    /// test releases it.
    actor CountingResolver: AppLinkResolver {
        var calls: [URL] = []
        let failing: Set<URL>
        private let gate: AsyncStream<Void>.Continuation?
        private let held: AsyncStream<Void>?

        init(holding: Bool = false, failing: Set<URL> = []) {
            self.failing = failing
            if holding {
                let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
                (held, gate) = (stream, continuation)
            } else {
                (held, gate) = (nil, nil)
            }
        }

        func release() { gate?.finish() }

        func appLinks(for url: URL) async throws -> AppLinkMetadata {
            calls.append(url)
            let call = calls.count
            if let held { for await _ in held {} }
            if failing.contains(url) { throw AppLinksError(code: .httpStatus, message: "HTTP 500", url: url) }
            return AppLinkMetadata(sourceURL: url, ios: [IOSAppLinkTarget(appName: "call \(call)")])
        }
    }

    let a = URL(string: "https://example.com/a")!
    let b = URL(string: "https://example.com/b")!
    let c = URL(string: "https://example.com/c")!

    @Test func reusesAnAnswerUntilItExpires() async throws {
        let base = CountingResolver()
        let clock = ManualClock()
        let cache = CachingAppLinkResolver(base: base, timeToLive: .seconds(60), now: { clock.now })

        #expect(try await cache.appLinks(for: a).ios.first?.appName == "call 1")
        clock.advance(by: 59)
        #expect(try await cache.appLinks(for: a).ios.first?.appName == "call 1")
        clock.advance(by: 1)
        #expect(try await cache.appLinks(for: a).ios.first?.appName == "call 2")
        #expect(await base.calls == [a, a])
    }

    @Test func asksOnceForConcurrentRequestsOfTheSameURL() async throws {
        let base = CountingResolver(holding: true)
        let cache = CachingAppLinkResolver(base: base)

        async let first = cache.appLinks(for: a)
        async let second = cache.appLinks(for: a)
        async let third = cache.appLinks(for: a)
        while await cache.joinedCalls < 2 { await Task.yield() }
        await base.release()
        let names = try await [first, second, third].map { $0.ios.first?.appName }

        #expect(names == ["call 1", "call 1", "call 1"])
        #expect(await base.calls == [a])
    }

    @Test func doesNotCacheFailures() async throws {
        let base = CountingResolver(failing: [a])
        let cache = CachingAppLinkResolver(base: base)

        for _ in 0..<2 {
            await #expect(throws: AppLinksError.self) { try await cache.appLinks(for: a) }
        }
        #expect(await base.calls == [a, a])
        #expect(await cache.count == 0)
    }

    @Test func evictsTheAnswerClosestToExpiringWhenFull() async throws {
        let base = CountingResolver()
        let clock = ManualClock()
        let cache = CachingAppLinkResolver(base: base, timeToLive: .seconds(60), maximumEntries: 2, now: { clock.now })

        _ = try await cache.appLinks(for: a)
        clock.advance(by: 1)
        _ = try await cache.appLinks(for: b)
        clock.advance(by: 1)
        _ = try await cache.appLinks(for: c)
        _ = try await cache.appLinks(for: b)
        _ = try await cache.appLinks(for: a)

        #expect(await base.calls == [a, b, c, a])
        #expect(await cache.count == 2)
    }

    @Test func forgetsEverythingOnRequest() async throws {
        let base = CountingResolver()
        let cache = CachingAppLinkResolver(base: base)

        _ = try await cache.appLinks(for: a)
        await cache.removeAll()
        _ = try await cache.appLinks(for: a)

        #expect(await base.calls == [a, a])
    }
}
