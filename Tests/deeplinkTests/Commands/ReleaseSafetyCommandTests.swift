import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// `deeplink links verify` and `deeplink diff` on the example config changed in each way a
/// release can change it, against real `deeplink` processes.
@Suite(.serialized)
struct ReleaseSafetyCommandTests {
    static let shop = Fixtures.shopConfig.path

    /// The example config with `change` applied to its JSON object, written into the scratch folder.
    static func variant(_ scratch: Scratch, _ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
        let data = try Data(contentsOf: Fixtures.shopConfig)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        change(&object)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        return try scratch.write("\(name).json", text)
    }

    static func routes(_ object: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
        var routes = object["routes"] as? [String: Any] ?? [:]
        change(&routes)
        object["routes"] = routes
    }

    static func route(_ object: inout [String: Any], _ key: String, _ change: (inout [String: Any]) -> Void) {
        routes(&object) { routes in
            var route = routes[key] as? [String: Any] ?? [:]
            change(&route)
            routes[key] = route
        }
    }

    /// Links of the example app: one per kind of route.
    static let csv = """
        code,deepLink
        spring,shop://sales/42
        shoes,shop://products/7
        review,shop://products/7/reviews
        orders,shop://account/orders/AB-123456
        web,https://shop.example.com/products/9
        typo,shop://nowhere/1

        """

    @Test func verifyReportsEachLinkAReleaseWouldBreakAndExits1() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let links = try scratch.write("links.csv", Self.csv)
        // Each way a release can break a link: a tighter parameter, a removed route, a refused origin.
        let next = try Self.variant(scratch, "next") { object in
            Self.route(&object, "sales/:saleId") { route in
                var parameters = route["routeParameters"] as? [String: Any] ?? [:]
                parameters["saleId"] = ["required": true, "type": "uuid"]
                route["routeParameters"] = parameters
            }
            Self.routes(&object) { $0["products/:productId/reviews"] = nil }
            Self.route(&object, "account/orders/:orderId") { $0["allowedOrigins"] = ["pushLaunched"] }
        }
        let report = try await ServerProcess.run(["links", "verify", "--config", next, "--previous", Self.shop, "--csv", links])
        #expect(report.status == 1, "\(report.error)")
        let lines = report.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "3 of 6 links would break:", "\(report.output)")
        #expect(lines.contains { $0.contains("spring") && $0.contains(#"is not of type uuid"#) && $0.contains("today it routes to sales/:saleId") })
        #expect(lines.contains { $0.contains("review") && $0.contains("falls back to products/:productId") })
        #expect(lines.contains { $0.contains("orders") && $0.contains("is refused by account/orders/:orderId") })
        #expect(lines.contains("1 link already failed to route directly today (not this release's doing)"))

        let json = try await ServerProcess.run(["links", "verify", "--config", next, "--previous", Self.shop, "--csv", links, "--json"])
        let document = try #require(try JSONValue(parsing: json.output).objectValue)
        #expect(document["checked"] == 6)
        let broken = document["broken"]?.arrayValue ?? []
        #expect(broken.compactMap { $0.objectValue?["code"]?.stringValue } == ["spring", "review", "orders"])
        #expect(broken.first?.objectValue?["next"]?.objectValue?["verdict"] == "falls-back")
        #expect(broken.last?.objectValue?["next"]?.objectValue?["verdict"] == "refused")
        #expect(broken.first?.objectValue?["current"]?.objectValue?["route"] == "sales/:saleId")

        // A release that only adds a route and changes a destination breaks nothing.
        let harmless = try Self.variant(scratch, "harmless") { object in
            Self.routes(&object) { $0["files/*path"] = ["class": "FilesViewController"] }
            Self.route(&object, "products/:productId") { $0["class"] = "ProductDetailViewController" }
        }
        let fine = try await ServerProcess.run(["links", "verify", "--config", harmless, "--previous", Self.shop, "--csv", links])
        #expect(fine.status == 0, "\(fine.output)\(fine.error)")
        #expect(fine.output.hasPrefix("no link would break: 6 links checked"))

        // A new literal route takes a link from the parameter route: it still routes, elsewhere.
        let shadowing = try Self.variant(scratch, "shadowing") { object in
            Self.routes(&object) { $0["products/7"] = ["class": "FeaturedProductViewController"] }
        }
        let moved = try await ServerProcess.run(["links", "verify", "--config", shadowing, "--previous", Self.shop, "--csv", links, "--json"])
        #expect(moved.status == 0)
        let rerouted = try JSONValue(parsing: moved.output).objectValue?["rerouted"]?.arrayValue ?? []
        #expect(rerouted.compactMap { $0.objectValue?["code"]?.stringValue } == ["shoes"])
    }

    @Test func verifyReadsStoredLinksAndFirebaseExports() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = "sqlite:" + scratch.path("links.sqlite")
        for (code, deepLink) in [("spring", "shop://sales/42"), ("cart", "shop://cart")] {
            let created = try await ServerProcess.run(["links", "create", "--config", Self.shop, "--database", database, "--code", code, "--deep-link", deepLink])
            #expect(created.status == 0, "\(created.error)")
        }
        let withoutCart = try Self.variant(scratch, "without-cart") { object in
            Self.routes(&object) { $0["cart"] = nil }
            Self.route(&object, "checkout") { $0["parent"] = nil }
            object["apps"] = nil
        }
        let stored = try await ServerProcess.run(["links", "verify", "--config", withoutCart, "--database", database])
        #expect(stored.status == 1)
        #expect(stored.output.hasPrefix("1 of 2 links would break:\n  cart"), "\(stored.output)\(stored.error)")

        let export = try scratch.write("export.csv", """
            Short link,Long link
            https://shop.page.link/p7,https://shop.page.link/?link=shop%3A%2F%2Fcart&apn=com.example.shop
            https://shop.page.link/ok,https://shop.page.link/?link=shop%3A%2F%2Fsales%2F3

            """)
        let firebase = try await ServerProcess.run(["links", "verify", "--config", withoutCart, "--firebase", export, "--json"])
        #expect(firebase.status == 1)
        let broken = try JSONValue(parsing: firebase.output).objectValue?["broken"]?.arrayValue ?? []
        #expect(broken.compactMap { $0.objectValue?["code"]?.stringValue } == ["p7"], "\(firebase.output)")

        // A gate that checked nothing does not pass: a mistyped database exits 3 naming the path,
        // and nothing is created; --allow-empty is the pipeline that means it.
        let missing = scratch.path("nowhere/links.sqlite")
        let typo = try await ServerProcess.run(["links", "verify", "--config", withoutCart, "--database", "sqlite:" + missing])
        #expect(typo.status == 3, "\(typo.output)\(typo.error)")
        #expect(typo.error.contains("error: no database at \(missing) (given by --database), so no link was checked"), "\(typo.error)")
        #expect(typo.error.contains("(no-database)"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("nowhere")))
        let allowed = try await ServerProcess.run(["links", "verify", "--config", withoutCart, "--database", "sqlite:" + missing, "--allow-empty"])
        #expect(allowed.status == 0, "\(allowed.error)")
        #expect(allowed.output.hasPrefix("no link would break: 0 links checked"))
        // The guide's `--config next.json` with no database beside it: exit 3, naming the config.
        let beside = try await ServerProcess.run(["links", "verify", "--config", withoutCart])
        #expect(beside.status == 3, "\(beside.output)\(beside.error)")
        #expect(beside.error.contains("named by the config \(withoutCart), or its default beside it"), "\(beside.error)")
        let emptyCSV = try await ServerProcess.run(["links", "verify", "--config", withoutCart, "--csv", try scratch.write("empty.csv", "code,deepLink\n")])
        #expect(emptyCSV.status == 3)
        #expect(emptyCSV.error.contains("empty.csv: the CSV has no links, so nothing was checked"), "\(emptyCSV.error)")
        let emptyDiff = try await ServerProcess.run(["diff", Self.shop, withoutCart, "--database", "sqlite:" + missing])
        #expect(emptyDiff.status == 3, "\(emptyDiff.error)")

        let noColumn = try await ServerProcess.run(["links", "verify", "--config", withoutCart, "--csv", try scratch.write("x.csv", "a,b\n1,2\n")])
        #expect(noColumn.status == 64)
        #expect(noColumn.error.contains("x.csv:1: the header row has no deepLink column (found a, b)"))
        let noConfig = try await ServerProcess.run(["links", "verify", "--database", database])
        #expect(noConfig.status == 64)
        #expect(noConfig.error.contains("give --config, the next release's config"))
    }

    @Test func storedShortLinksAreJudgedAsTheUniversalLinksTheyArriveAs() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = "sqlite:" + scratch.path("links.sqlite")
        for code in ["spring", "summer"] {
            let created = try await ServerProcess.run(["links", "create", "--config", Self.shop, "--database", database, "--code", code, "--deep-link", "shop://sales/42"])
            #expect(created.status == 0, "\(created.error)")
        }
        // Taps only: every stored short link, which an app opens as a universal link, is refused.
        let tapsOnly = try Self.variant(scratch, "taps-only") { object in
            Self.route(&object, "sales/:saleId") { $0["allowedOrigins"] = ["userTap"] }
            object["apps"] = nil
        }
        let refused = try await ServerProcess.run(["links", "verify", "--config", tapsOnly, "--database", database, "--json"])
        #expect(refused.status == 1, "\(refused.output)\(refused.error)")
        let document = try #require(try JSONValue(parsing: refused.output).objectValue)
        let broken = document["broken"]?.arrayValue ?? []
        #expect(broken.count == 2)
        #expect(broken.first?.objectValue?["origin"] == "universalLink")
        #expect(broken.first?.objectValue?["next"]?.objectValue?["verdict"] == "refused")
        let text = try await ServerProcess.run(["links", "verify", "--config", tapsOnly, "--database", database])
        #expect(text.output.contains("spring  shop://sales/42 (opened as universalLink)  is refused by sales/:saleId"), "\(text.output)")
        // Universal links only: nothing a short link does breaks.
        let universalOnly = try Self.variant(scratch, "universal-only") { object in
            Self.route(&object, "sales/:saleId") { $0["allowedOrigins"] = ["universalLink"] }
            object["apps"] = nil
        }
        let fine = try await ServerProcess.run(["links", "verify", "--config", universalOnly, "--database", database])
        #expect(fine.status == 0, "\(fine.output)\(fine.error)")
        #expect(fine.output.hasPrefix("no link would break: 2 links checked"))
        // A CSV row without a code is a deep link tapped; an origin column says otherwise.
        let csv = try scratch.write("mixed.csv", "code,deepLink,origin\nshort,shop://sales/1,\n,shop://sales/2,\npush,shop://sales/3,pushLaunched\n")
        let mixed = try await ServerProcess.run(["links", "verify", "--config", universalOnly, "--csv", csv, "--json"])
        let codes = (try JSONValue(parsing: mixed.output).objectValue?["broken"]?.arrayValue ?? []).compactMap { $0.objectValue?["code"]?.stringValue }
        #expect(codes == ["line 3", "push"], "\(mixed.output)")
        let badOrigin = try await ServerProcess.run(["links", "verify", "--config", universalOnly, "--csv", try scratch.write("bad.csv", "deepLink,origin\nshop://sales/1,tap\n")])
        #expect(badOrigin.status == 64)
        #expect(badOrigin.error.contains(#"bad.csv:2: origin "tap" is not an origin; write one of userTap, universalLink"#), "\(badOrigin.error)")
    }

    @Test func diffListsRoutesFilesAndTheLinksAReleaseAffects() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let next = try Self.variant(scratch, "next") { object in
            Self.routes(&object) { $0["files/*path"] = ["class": "FilesViewController"] }
            Self.route(&object, "sales/:saleId") { route in
                var parameters = route["routeParameters"] as? [String: Any] ?? [:]
                parameters["saleId"] = ["required": true, "type": "int"]
                route["routeParameters"] = parameters
                route["requiresAuth"] = true
            }
            Self.route(&object, "products/:productId/reviews") { $0["class"] = "ReviewsViewController" }
            // The website's host stops sending account pages to the app.
            if var apps = object["apps"] as? [String: Any], var hosts = apps["hosts"] as? [String: Any],
                var host = hosts["shop.example.com"] as? [String: Any], let links = host["universalLinks"] as? [String]
            {
                host["universalLinks"] = links.filter { !$0.hasPrefix("account") }
                hosts["shop.example.com"] = host
                apps["hosts"] = hosts
                object["apps"] = apps
            }
        }
        let diff = try await ServerProcess.run(["diff", Self.shop, next])
        #expect(diff.status == 0, "\(diff.error)")
        let text = diff.output
        #expect(text.contains("routes added:\n  + files/*path"), "\(text)")
        #expect(text.contains("  ~ sales/:saleId\n      requiresAuth: false → true\n      parameters.saleId: required, regex [0-9]+ → required, type int"))
        #expect(text.contains("  ~ products/:productId/reviews\n      class: ReviewListViewController → ReviewsViewController"))
        #expect(text.contains("""
            hosts/shop.example.com/.well-known/apple-app-site-association:
              - "/": "/account/orders/$(upper)$(upper)-$(digit)$(digit)$(digit)$(digit)$(digit)$(digit)"
              - "comment": "route account/orders/:orderId"
            """), "the account route leaves the website's file")
        #expect(text.contains(#"- <data android:pathPattern="/account/orders/..-......" />"#))
        #expect(!text.contains(#""/cart""#), "a line that only loses its trailing comma is no change")

        let json = try await ServerProcess.run(["diff", Self.shop, next, "--json"])
        let document = try #require(try JSONValue(parsing: json.output).objectValue)
        #expect(document["routes"]?.objectValue?["added"] == ["files/*path"])
        #expect(document["routes"]?.objectValue?["removed"] == [])
        #expect(document["links"] == .null)
        let files = document["files"]?.arrayValue?.compactMap { $0.objectValue?["path"]?.stringValue } ?? []
        #expect(files.contains("hosts/shop.example.com/.well-known/apple-app-site-association"), "\(files)")

        let same = try await ServerProcess.run(["diff", Self.shop, Self.shop])
        #expect(same.output == "no change in routes or generated files\n")

        // With the database, the stored links the release affects; exit 1 when one would break.
        let database = "sqlite:" + scratch.path("links.sqlite")
        _ = try await ServerProcess.run(["links", "create", "--config", Self.shop, "--database", database, "--code", "rev", "--deep-link", "shop://products/7/reviews"])
        let removed = try Self.variant(scratch, "removed") { object in
            Self.routes(&object) { $0["products/:productId/reviews"] = nil }
            object["apps"] = nil
        }
        let affected = try await ServerProcess.run(["diff", Self.shop, removed, "--database", database])
        #expect(affected.status == 1, "\(affected.output)\(affected.error)")
        #expect(affected.output.contains("routes removed:\n  - products/:productId/reviews"))
        #expect(affected.output.contains("1 of 1 link would break:\n  rev"))
    }
}
