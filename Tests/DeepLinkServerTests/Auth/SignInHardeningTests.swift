import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
#if canImport(Glibc)
import CoreFoundation
import Glibc
#endif
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Sign-ins cannot stall the server, tell which names exist, or be guessed from many addresses.
@Suite(.serialized)
struct SignInHardeningTests {
    /// The CPU time a check takes on the calling thread, in seconds: the work itself, which the
    /// other tests of the suite, running meanwhile on two cores, do not change as they change the
    /// wall-clock time.
    static func cpuSeconds(_ body: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    @Test func anUnknownNamesCheckCostsWhatAKnownNamesDoes() throws {
        let known = try DashboardPassword.hash("correct horse battery staple")
        var unknownTimes: [Double] = []
        var knownTimes: [Double] = []
        for _ in 0..<5 {
            unknownTimes.append(Self.cpuSeconds { _ = DashboardPassword.verify("guess guess guess", hash: PasswordChecks.unknownNameHash) })
            knownTimes.append(Self.cpuSeconds { _ = DashboardPassword.verify("guess guess guess", hash: known) })
        }
        let (unknown, knownMedian) = (unknownTimes.sorted()[2], knownTimes.sorted()[2])
        #expect(abs(unknown - knownMedian) / knownMedian < 0.2, "unknown \(unknown) s, known \(knownMedian) s")
        #expect(!DashboardPassword.verify("guess guess guess", hash: PasswordChecks.unknownNameHash))
    }

    @Test func aSignInWithAnUnknownNameChecksAPasswordAsAKnownOneDoes() async throws {
        let passwords = PasswordChecks()
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration(), clock: TestClock(), passwords: passwords) { server in
            try await server.store.insert(DashboardUser(name: "ops", passwordHash: try DashboardPassword.hash("correct horse battery staple"), createdAt: Date()))
            #expect(try await Self.signIn(server, name: "nobody", from: "81.2.69.1").status == .unauthorized)
            #expect(passwords.checksRun == 1)
            #expect(try await Self.signIn(server, name: "ops", from: "81.2.69.2").status == .unauthorized)
            #expect(passwords.checksRun == 2)
        }
    }

    @Test func pastTheWaitingChecksASignInIsRefusedAtOnce() async throws {
        let checks = PasswordChecks(maximumWaiting: 1)
        let hash = try DashboardPassword.hash("correct horse battery staple")
        let running = Task { try await checks.verify("correct horse battery staple", hash: hash) }
        while checks.inFlight < 1 { await Task.yield() }
        await #expect(throws: PasswordChecks.Busy.self) { _ = try await checks.verify("x", hash: hash) }
        #expect(try await running.value)
        #expect(checks.inFlight == 0)
        #expect(try await checks.verify("correct horse battery staple", hash: hash))
    }

    static func configuration() throws -> ServerConfiguration {
        var configuration = try ServerHarness.configuration()
        configuration.clientAddressHeader = "X-Forwarded-For"
        return configuration
    }

    static func signIn(_ server: ServerHarness, name: String, from address: String) async throws -> TestResponse {
        let page = try await server.client.execute(uri: "/dashboard/sign-in", method: .get)
        let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        let marker = try #require(page.text.range(of: "name=\"form_token\" value=\""))
        let token = String(page.text[marker.upperBound...].prefix { $0 != "\"" })
        return try await server.client.execute(
            uri: "/dashboard/sign-in", method: .post,
            headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookie, HTTPField.Name("X-Forwarded-For")!: address],
            body: ByteBuffer(string: "name=\(name)&password=wrong%20password%20here&form_token=\(token)"))
    }

    @Test func aNameIsLimitedFromEveryAddressTogether() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration(), clock: TestClock()) { server in
            try await server.store.insert(DashboardUser(name: "ops", passwordHash: try DashboardPassword.hash("correct horse battery staple"), createdAt: Date()))
            var statuses: [HTTPResponse.Status] = []
            for index in 0...DashboardSessions.failedSignInsPerNamePerMinute {
                statuses.append(try await Self.signIn(server, name: "OPS", from: "81.2.69.\(index + 1)").status)
            }
            #expect(statuses.dropLast().allSatisfy { $0 == .unauthorized }, "\(statuses)")
            #expect(statuses.last == .tooManyRequests)
            #expect(try await Self.signIn(server, name: "someone-else", from: "81.2.69.200").status == .unauthorized)
        }
    }

    @Test func anIPv6SlashSixtyFourIsOneClientForTheLimits() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration(), clock: TestClock()) { server in
            var statuses: [HTTPResponse.Status] = []
            for index in 0...DashboardSessions.failedSignInsPerMinute {
                statuses.append(try await Self.signIn(server, name: "user\(index)", from: "2001:db8:1:2::\(String(index + 1, radix: 16))").status)
            }
            #expect(statuses.last == .tooManyRequests, "\(statuses)")
            #expect(try await Self.signIn(server, name: "another", from: "2001:db8:1:3::1").status == .unauthorized)
        }
    }

    @Test(arguments: [("81.2.69.160", "81.2.69.160"), ("2001:DB8:1:2:3:4:5:6", "2001:db8:1:2::/64"), ("::ffff:81.2.69.160", "81.2.69.160")])
    func limitsCountIPv4ByAddressAndIPv6ByItsSlashSixtyFour(address: String, key: String) {
        #expect(RateLimitKey.of(address: address) == key)
    }

    @Test func aHeaderValueThatIsNoAddressIsNotTakenAndIsLoggedOnce() async throws {
        let logs = LogRecorder()
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration(), logs: logs, clock: TestClock()) { server in
            for _ in 0..<2 { _ = try await Self.signIn(server, name: "x", from: "unknown") }
        }
        let warnings = logs.all.filter { $0.message.hasPrefix("a request's client address header holds no IP address") }
        #expect(warnings.count == 1)
    }
}
