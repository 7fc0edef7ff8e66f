import DeepLinkService
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import Testing

struct ClickStatsStorageTests {
    @Test(arguments: StoreBackend.available)
    func storeHopsAndClaimsAreCountedPerLinkAndDayAndOutliveTheClicks(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let code = "funnel-\(UUID().uuidString.prefix(8))"
            let now = Date().roundedToSeconds
            try await store.insert(Link.stored(code, created: now))
            let clicks = (0..<3).map { index in
                DeferredClick(
                    token: "\(code)-\(index)", code: code, deepLink: "shop://sales/1", platform: .android, createdAt: now,
                    expiresAt: now.addingTimeInterval(60))
            }
            try await store.insert(clicks)
            _ = try await store.claimDeferredClick(token: "\(code)-1", at: now)
            _ = try await store.claimDeferredClick(token: "\(code)-1", at: now)
            _ = try await store.purgeDeferredClicks(now: now.addingTimeInterval(120), signalsBefore: now, saltsBefore: 0)
            let counts = try await store.deferredCounts(code: code, since: "2000-01-01")
            #expect(counts.map(\.storeHops) == [3])
            #expect(counts.map(\.claims) == [1])
            if backend == .sqlite {
                // A database of its own: every link's totals are this link's.
                let totals = try await store.deferredCounts(code: nil, since: "2000-01-01")
                #expect(totals.map(\.storeHops) == [3])
                #expect(totals.map(\.claims) == [1])
            }
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBatchOfStoreHopsOnSeveralLinksOfOneDayAndPlatformIsStoredAndCountedOnce(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let tag = "hops-\(UUID().uuidString.prefix(8))"
            let codes = ["\(tag)-a", "\(tag)-b"]
            let now = Date().roundedToSeconds
            try await store.insert(codes.map { Link.stored($0, created: now) })
            // Two links, one day and platform, and a click without a stored link: one batch, as the
            // store hop's writer gathers them.
            let clicks = (codes + codes + [nil]).enumerated().map { index, code in
                DeferredClick(
                    token: "\(tag)-\(index)", code: code, deepLink: "shop://sales/1", platform: .android, createdAt: now,
                    expiresAt: now.addingTimeInterval(60))
            }
            try await store.insert(clicks)
            for code in codes {
                #expect(try await store.deferredCounts(code: code, since: "2000-01-01").map(\.storeHops) == [2])
            }
            if backend == .sqlite {
                #expect(try await store.deferredCounts(code: nil, since: "2000-01-01").map(\.storeHops) == [4])
            }
        }
    }

    @Test(arguments: StoreBackend.available)
    func clicksAreSummedPerDimensionForALinkAndIntoTheAllLinksTotals(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let code = "sum-\(UUID().uuidString.prefix(8))"
            let campaign = "c-\(UUID().uuidString.prefix(8))"
            try await store.insert(Link.stored(code, created: Date()))
            try await store.record([Click(code: code, day: "2030-01-01", platform: .ios, referrerDomain: "a.example", utmCampaign: campaign): 3])
            try await store.record([Click(code: code, day: "2030-01-02", platform: .ios, utmCampaign: campaign): 2])
            try await store.record([Click(code: code, day: "2030-01-02", platform: .android, utmCampaign: campaign): 4])
            try await store.record([Click(code: "no-such-link-\(code)", day: "2030-01-02", platform: .android, utmCampaign: "orphan-\(campaign)"): 100])
            let summary = try await store.clickSummary(code: code, since: "2030-01-02")
            #expect(summary.perDay == ["2030-01-02": 6])
            #expect(summary.byPlatform == ["ios": 2, "android": 4])
            #expect(summary.byReferrer == ["": 6])
            let everything = try await store.clickSummary(code: nil, since: "2030-01-01")
            #expect(everything.byUTMCampaign[campaign] == 9)
            #expect(everything.byUTMCampaign["orphan-\(campaign)"] == nil)
            #expect(try await store.deleteLink(code: code))
            #expect(try await store.clickSummary(code: nil, since: "2030-01-01").byUTMCampaign[campaign] == 9)
        }
    }

    @Test(arguments: StoreBackend.available)
    func theTopLinksAreTheMostClickedOfTheRangeMostFirst(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.insert(["top-a", "top-b", "top-c", "top-d"].map { Link.stored($0, created: Date()) })
            try await store.record([
                Click(code: "top-a", day: "2030-05-02", platform: .ios): 3, Click(code: "top-b", day: "2030-05-02", platform: .ios): 7,
                Click(code: "top-c", day: "2030-05-03", platform: .android): 3, Click(code: "top-d", day: "2030-05-09", platform: .ios): 99,
                Click(code: "top-a", day: "2030-05-03", platform: .crawler): 50,
            ])
            let top = try await store.topLinks(from: "2030-05-01", through: "2030-05-07", limit: 2)
            #expect(top == [LinkNumbers.Share(name: "top-b", count: 7), LinkNumbers.Share(name: "top-a", count: 3)], "ties by code; crawlers and day 9 left out")
            #expect(try await store.topLinks(from: "2030-05-01", through: "2030-05-07", limit: 10).count == 3)
        }
    }

    /// The top links stop early by the all-time totals; whatever the data, they are the ranking
    /// every link's sum gives, ties by code byte by byte.
    @Test(arguments: StoreBackend.available)
    func theTopLinksAreThoseEveryLinksSumGivesWhateverTheData(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            var generator = SeededRandomNumberGenerator()
            // 1,300 links (more than two batches of 500), upper and lower case so byte order matters.
            let codes: [String] = (0..<1_300).map { (index: Int) -> String in
                let prefix = index % 3 == 0 ? "Top-" : "top-"
                return prefix + String(index * 7919 % 1_300)
            }
            try await store.insert(codes.map { Link.stored($0, created: Date()) })
            let days = (1...20).map { String(format: "2030-06-%02d", $0) }
            var clicks: [Click: Int] = [:]
            for code in codes {
                // Most links few clicks and many ties; some with a burst on one day.
                for day in days where Int.random(in: 0..<4, using: &generator) == 0 {
                    clicks[Click(code: code, day: day, platform: .ios), default: 0] += Int.random(in: 1...3, using: &generator)
                }
                if Int.random(in: 0..<50, using: &generator) == 0 {
                    clicks[Click(code: code, day: days.randomElement(using: &generator)!, platform: .android), default: 0] += 40
                }
            }
            try await store.record(clicks)
            for _ in 0..<12 {
                let from = Int.random(in: 0..<20, using: &generator)
                let through = Int.random(in: from..<20, using: &generator)
                let limit = [1, 3, 10, 25].randomElement(using: &generator)!
                var sums: [String: Int] = [:]
                for (click, count) in clicks where click.day >= days[from] && click.day <= days[through] { sums[click.code, default: 0] += count }
                let expected = sums.values.sorted(by: >).prefix(limit)
                let top = try await store.topLinks(from: days[from], through: days[through], limit: limit)
                // The counts are the best ones, each link's own, and a tie at the floor breaks by code.
                #expect(top.map(\.count) == Array(expected), "\(days[from])...\(days[through]), \(limit)")
                #expect(top.allSatisfy { sums[$0.name] == $0.count })
                #expect(Set(top.map(\.name)).count == top.count)
                if let floor = top.last {
                    let tied = sums.filter { $0.value == floor.count }.keys
                    let shown = Set(top.filter { $0.count == floor.count }.map(\.name))
                    let ranked = try await store.topLinks(from: days[from], through: days[through], limit: 1_300)
                    let order = ranked.filter { tied.contains($0.name) }.map(\.name)
                    #expect(Set(order.prefix(shown.count)) == shown, "the tie at the floor goes to the first codes of the full ranking")
                }
            }
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBatchOfBucketsAcrossManyLinksIsStoredWithItsTotalsAndWithoutThoseOfMissingLinks(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let codes = (0..<300).map { "batch-\($0)" }
            try await store.insert(codes.map { Link.stored($0, created: Date()) })
            // 1,200 buckets (more than one statement's 500), and 50 of a link that does not exist.
            var counts: [Click: Int] = [:]
            for (index, code) in codes.enumerated() {
                for platform in ClientPlatform.allCases {
                    counts[Click(code: code, day: "2030-03-0\(1 + index % 3)", platform: platform, utmSource: "s\(index % 5)")] = 1 + index % 4
                }
            }
            for index in 0..<50 { counts[Click(code: "batch-missing", day: "2030-03-01", platform: .ios, utmSource: "m\(index)")] = 7 }
            try await store.record(counts)
            // Three platforms of people; the crawler's visits count apart.
            let expected = codes.enumerated().reduce(0) { $0 + 3 * (1 + $1.offset % 4) }
            let everything = try await store.clickSummary(code: nil, since: "2030-03-01")
            #expect(everything.perDay.values.reduce(0, +) == expected)
            #expect(everything.crawlersPerDay.values.reduce(0, +) == expected / 3)
            #expect(everything.byUTMSource.keys.allSatisfy { $0.hasPrefix("s") }, "the missing link's clicks are dropped")
            #expect(try await store.clickCounts(code: "batch-7").map(\.count) == [4, 4, 4, 4])
            #expect(try await store.clickCounts(code: "batch-missing").isEmpty)
            let one = try await store.clickSummary(code: "batch-7", since: "2030-03-01")
            #expect(one.byPlatform == ["ios": 4, "android": 4, "desktop": 4])
            #expect(one.perDay == ["2030-03-02": 12])
            #expect(one.crawlersPerDay == ["2030-03-02": 4])
            // Written again, the same batch adds up.
            try await store.record(counts)
            #expect(try await store.clickSummary(code: "batch-7", since: "2030-03-01").perDay == ["2030-03-02": 24])
        }
    }

    @Test(arguments: StoreBackend.available)
    func eachLinksTotalsAndTheAllLinksTotalsEqualARecountOfItsClicksWhileClicksArriveConcurrently(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            // Each backend's store is a database (or schema) of its own, so the totals are these links' only.
            let codes = (0..<5).map { "recount-\($0)" }
            for code in codes { try await store.insert(Link.stored(code, created: Date())) }
            var generator = SeededRandomNumberGenerator()
            let clicks = (0..<200).map { index in
                Click(
                    code: codes[index % codes.count], day: "2030-02-0\(1 + index % 3)",
                    platform: ClientPlatform.allCases[Int.random(in: 0..<4, using: &generator)],
                    referrerDomain: ["", "a.example", "b.example"][index % 3], utmSource: "s\(index % 4)", utmCampaign: "c\(index % 7)")
            }
            // Twenty writers at once, ten clicks each: concurrent enough to race on the shared
            // total rows, while a pool of six connections serves every writer well within its wait
            // (two hundred at once queued for the same rows' locks longer than that on a busy machine).
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<20 {
                    let own = stride(from: writer, to: clicks.count, by: 20).map { clicks[$0] }
                    group.addTask { for click in own { try await store.record([click: 1 + click.utmSource.count]) } }
                }
                try await group.waitForAll()
            }
            var recount = ClickSummary()
            for code in codes {
                let counts = try await store.clickCounts(code: code)
                let summary = ClickSummary(counts)
                #expect(try await store.clickSummary(code: code, since: "2030-01-01") == summary, "\(code)'s totals, \(generator)")
                for (key, value) in summary.perDay { recount.perDay[key, default: 0] += value }
                for (key, value) in summary.crawlersPerDay { recount.crawlersPerDay[key, default: 0] += value }
                for (key, value) in summary.byPlatform { recount.byPlatform[key, default: 0] += value }
                for (key, value) in summary.byReferrer { recount.byReferrer[key, default: 0] += value }
                for (key, value) in summary.byUTMSource { recount.byUTMSource[key, default: 0] += value }
                for (key, value) in summary.byUTMMedium { recount.byUTMMedium[key, default: 0] += value }
                for (key, value) in summary.byUTMCampaign { recount.byUTMCampaign[key, default: 0] += value }
            }
            let people: Int = recount.perDay.values.reduce(0, +)
            let crawlers: Int = recount.crawlersPerDay.values.reduce(0, +)
            #expect(people + crawlers == 600, "\(generator)")
            #expect(try await store.clickSummary(code: nil, since: "2030-01-01") == recount, "\(generator)")
        }
    }
}
