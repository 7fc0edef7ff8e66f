import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// Typed parameters and the catch-all segment, at their edges; `Docs/Semantics.md` ("Typed
/// parameters", "Catch-all segments") states each rule and its source.
struct TypedParameterTests {
    static let json = #"""
        {"schemes": ["shop"], "hosts": ["shop.example.com"], "routes": {
          "sales/:saleId": {"class": "Sale", "routeParameters": {"saleId": {"type": "int"}, "preview": {"type": "bool"}, "ref": {}}},
          "prices/:price": {"class": "Price", "routeParameters": {"price": {"type": "number"}}},
          "orders/:orderId": {"class": "Order", "routeParameters": {"orderId": {"type": "uuid"}}},
          "codes/:code": {"class": "Code", "routeParameters": {"code": {"type": "int", "regex": "[0-9]{3}"}}},
          "sales": {"class": "Sales"},
          "files/*path": {"class": "File"},
          "files/new": {"class": "NewFile"},
          "files/:name": {"class": "FileByName"},
          "docs/*page": {"class": "Doc", "routeParameters": {"page": {"regex": ".*\\.pdf"}}}
        }}
        """#

    static func router() throws -> Router { try makeRouter(json) }

    @Test(arguments: [
        // int: Django's [0-9]+ (no sign), within Int64 as URLNavigator's Int(_:)
        ("shop://sales/42", "Sale", "42"), ("shop://sales/007", "Sale", "007"), ("shop://sales/9223372036854775807", "Sale", "9223372036854775807"),
        ("shop://sales/4%32", "Sale", "42"),
        ("shop://sales/-1", "Sales", nil), ("shop://sales/+1", "Sales", nil), ("shop://sales/9223372036854775808", "Sales", nil),
        ("shop://sales/%D9%A3", "Sales", nil), ("shop://sales/1.0", "Sales", nil), ("shop://sales/%201", "Sales", nil),
    ] as [(String, String, String?)])
    func anIntTakesDigitsThatFitAndAnythingElseFallsBack(url: String, screen: String, value: String?) throws {
        let result = try Self.router().match(try #require(URL(string: url)))
        #expect(result.className == screen, "\(url): \(result.trail)")
        #expect(result.parameters["saleId"] == value)
        if value == nil, !url.hasSuffix("9223372036854775808") {
            #expect(result.trail.first?.reason.contains("is not of type int: expected a whole number such as 42 (digits only)") == true, "\(result.trail)")
        }
    }

    @Test func digitsBeyondSixtyFourBitsAreOutOfRangeNotTheWrongForm() throws {
        let result = try Self.router().match(try #require(URL(string: "shop://sales/9223372036854775808")))
        #expect(result.className == "Sales")
        let reason = try #require(result.trail.first?.reason)
        #expect(reason == #"route sales/:saleId: parameter saleId "9223372036854775808" is not of type int: out of range for int (at most 9223372036854775807)"#, "\(reason)")
        #expect(ParameterType.int.mismatch(of: "12a") == "expected a whole number such as 42 (digits only)")
    }

    @Test(arguments: [
        ("12.5", true), ("-3", true), ("0", true), ("007.50", true),
        ("1e3", false), ("inf", false), ("nan", false), ("0x1p3", false), ("1.", false), (".5", false), ("-", false), ("1,5", false),
    ])
    func aNumberIsADecimalWithoutExponentOrSpecialValues(text: String, accepted: Bool) throws {
        let result = try Self.router().match(try #require(URL(string: "shop://prices/\(text)")))
        #expect((result.className == "Price") == accepted, "\(text)")
        #expect(ParameterType.number.accepts(text) == accepted)
    }

    @Test(arguments: [
        ("123e4567-e89b-12d3-a456-426614174000", true), ("123E4567-E89B-12D3-A456-426614174000", true),
        ("00000000-0000-0000-0000-000000000000", true),
        ("{123e4567-e89b-12d3-a456-426614174000}", false), ("123e4567e89b12d3a456426614174000", false),
        ("urn:uuid:123e4567-e89b-12d3-a456-426614174000", false), ("123e4567-e89b-12d3-a456-42661417400g", false),
        ("123e4567-e89b-12d3-a456-4266141740000", false),
    ])
    func aUUIDIsTheHyphenatedFormOfRFC9562InEitherCase(text: String, accepted: Bool) throws {
        #expect(ParameterType.uuid.accepts(text) == accepted, "\(text)")
        let encoded = try #require(text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: ":"))))
        let result = try Self.router().match(try #require(URL(string: "shop://orders/\(encoded)")))
        #expect((result.className == "Order") == accepted, "\(text)")
    }

    @Test(arguments: [("true", true), ("false", true), ("1", true), ("0", true), ("TRUE", true), ("yes", false), ("on", false), ("", false)])
    func aBoolIsTrueFalseOneOrZero(text: String, accepted: Bool) {
        #expect(ParameterType.bool.accepts(text) == accepted, "\(text)")
    }

    @Test func aQueryParameterIsTypedToo() throws {
        let router = try Self.router()
        #expect(router.match(try #require(URL(string: "shop://sales/3?preview=true"))).className == "Sale")
        let refused = router.match(try #require(URL(string: "shop://sales/3?preview=maybe")))
        #expect(refused.className == "Sales")
        #expect(refused.trail.first?.reason.contains(#"query parameter preview "maybe" is not of type bool"#) == true, "\(refused.trail)")
    }

    @Test func aTypeAndARegexMustBothAccept() throws {
        let router = try Self.router()
        #expect(router.match(try #require(URL(string: "shop://codes/123"))).className == "Code")
        #expect(router.match(try #require(URL(string: "shop://codes/1234"))).className != "Code", "an int, but not three digits")
    }

    @Test func aTypeAndARegexThatNeverAgreeIsALintError() throws {
        let config = try DeepLinkConfig.parse(
            #"{"routes": {"a/:x": {"class": "A", "routeParameters": {"x": {"type": "int", "regex": "[a-z]+"}}}, "b/:y": {"class": "B", "routeParameters": {"y": {"type": "uuid", "regex": "[0-9a-f-]{36}"}}}}}"#)
        let findings = ConfigLinter.lint(config)
        #expect(findings.map(\.code) == ["type-and-regex-never-match"], "\(findings)")
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.path.description.contains("routeParameters") == true)
    }

    @Test func anUnknownTypeIsAConfigErrorNamingTheTypes() {
        let error = #expect(throws: ConfigError.self) {
            try DeepLinkConfig.parse(#"{"routes": {"a/:x": {"class": "A", "routeParameters": {"x": {"type": "integer"}}}}}"#)
        }
        #expect(error?.description.contains(#"unknown parameter type "integer"; write one of string, int, number, uuid, bool"#) == true, "\(error?.description ?? "")")
    }

    // MARK: Catch-all

    @Test(arguments: [
        ("shop://files/a/b/c", "File", "a/b/c"), ("shop://files/report.pdf", "FileByName", nil),
        ("shop://files/new", "NewFile", nil), ("shop://files/new/draft", "File", "new/draft"),
        ("shop://files/a%20b/c%2Fd", "File", "a b/c/d"),
    ] as [(String, String, String?)])
    func aCatchAllTakesTheRestAfterLiteralsAndSingleParameters(url: String, screen: String, path: String?) throws {
        let result = try Self.router().match(try #require(URL(string: url)))
        #expect(result.className == screen, "\(url): \(result.trail)")
        #expect(result.parameters["path"] == path)
    }

    @Test func aCatchAllNeedsASegmentAndTakesPathsLongerThanEveryOtherRoute() throws {
        let router = try Self.router()
        #expect(router.match(try #require(URL(string: "shop://files"))).className == nil, "no segment left for the catch-all")
        let deep = (1...60).map { "s\($0)" }.joined(separator: "/")
        let result = router.match(try #require(URL(string: "shop://files/\(deep)")))
        #expect(result.className == "File")
        #expect(result.parameters["path"] == deep)
    }

    @Test func aCatchAllsRegexFallsBackByTrimmingLikeAnyRule() throws {
        let router = try Self.router()
        #expect(router.match(try #require(URL(string: "shop://docs/guides/intro.pdf"))).parameters["page"] == "guides/intro.pdf")
        // Not a .pdf: trimmed until the regex accepts, or nothing does.
        let trimmed = router.match(try #require(URL(string: "shop://docs/a.pdf/extra")))
        #expect(trimmed.className == "Doc")
        #expect(trimmed.parameters["page"] == "a.pdf")
        #expect(trimmed.trail.first?.reason.contains("does not match") == true)
    }

    @Test(arguments: ["files/*path/more", "files/*a/*b"])
    func aCatchAllMustEndTheKey(key: String) {
        let error = #expect(throws: ConfigError.self) { try RoutePattern(key) }
        #expect(error?.code == .invalidRoutePattern)
        #expect(error?.message.contains("a catch-all takes the rest of the path, so it ends the key") == true)
    }

    @Test func aStarThatIsNotACatchAllIsStillALintError() throws {
        let config = try DeepLinkConfig.parse(#"{"routes": {"files/*": {"class": "A"}, "docs/*rest": {"class": "B"}}}"#)
        let findings = ConfigLinter.lint(config)
        #expect(findings.map(\.code) == ["route-never-matches"], "\(findings)")
        #expect(findings.first?.message.contains("a catch-all *name as the last segment") == true)
    }

    // MARK: Typed access and building

    struct Sale: Decodable, Equatable {
        let saleId: Int
        let preview: Bool?
        let ref: String?
    }

    struct Order: Decodable, Equatable {
        let orderId: UUID
    }

    enum Kind: String, Decodable { case pdf, doc }
    struct Named: Decodable { let name: Kind }

    @Test func parametersReadTypedAndDecodeIntoAValue() throws {
        let router = try Self.router()
        let sale = router.match(try #require(URL(string: "shop://sales/007?preview=1&ref=mail")))
        #expect(sale.value("saleId") == .int(7))
        #expect(sale.value("preview") == .bool(true))
        #expect(sale.value("ref") == .string("mail"))
        #expect(sale.value("missing") == nil)
        #expect(try sale.decode(Sale.self) == Sale(saleId: 7, preview: true, ref: "mail"))
        let order = router.match(try #require(URL(string: "shop://orders/123E4567-E89B-12D3-A456-426614174000")))
        #expect(try order.decode(Order.self).orderId == UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000"))
    }

    @Test func aDecodeErrorNamesTheParameter() throws {
        let router = try Self.router()
        let file = router.match(try #require(URL(string: "shop://files/report.txt")))
        let wrongKind = #expect(throws: ParameterDecodingError.self) { try file.decode(Named.self) }
        #expect(wrongKind?.parameter == "name")
        #expect(wrongKind?.message == #"parameter name is "report.txt", not a value of Kind"#)
        let missing = #expect(throws: ParameterDecodingError.self) { try file.decode(Sale.self) }
        #expect(missing?.parameter == "saleId")
        #expect(missing?.message == "parameter saleId is missing")
        let sale = router.match(try #require(URL(string: "shop://sales/3")))
        struct Small: Decodable { let saleId: Int8 }
        #expect(try sale.decode(Small.self).saleId == 3)
        let big = router.match(try #require(URL(string: "shop://sales/300")))
        #expect((#expect(throws: ParameterDecodingError.self) { try big.decode(Small.self) })?.message.contains("fits Int8") == true)
    }

    @Test func typedValuesBuildLinksThatRouteBackToTheSameValues() throws {
        let router = try Self.router()
        #expect(try router.url(for: "sales/:saleId", values: ["saleId": 3, "preview": true]).absoluteString == "shop://sales/3?preview=true")
        let uuid = try #require(UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000"))
        #expect(try router.universalLinkURL(for: "orders/:orderId", values: ["orderId": .uuid(uuid)]).absoluteString
            == "https://shop.example.com/orders/123e4567-e89b-12d3-a456-426614174000")
        let refused = #expect(throws: LinkBuildingError.self) { try router.url(for: "sales/:saleId", parameters: ["saleId": "x1"]) }
        #expect(refused?.code == .invalidParameter)
        #expect(try router.url(for: "files/*path", parameters: ["path": "a b/c"]).absoluteString == "shop://files/a%20b/c")
        #expect((#expect(throws: LinkBuildingError.self) { try router.url(for: "files/*path", parameters: ["path": "a//b"]) })?.code == .invalidParameter)

        var generator = SeededRandomNumberGenerator()
        let alphabet = Array("aZ09 -._~%é日👍?#")
        for _ in 0..<300 {
            let saleId = Int.random(in: 0...Int.max, using: &generator)
            let price = Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 100
            let flag = Bool.random(using: &generator)
            let order = UUID()
            let segments = (0..<Int.random(in: 2...6, using: &generator)).map { _ in
                String((0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }.map { $0 == "." || $0 == ".." ? "x" : $0 }
            let path = segments.joined(separator: "/")
            for (pattern, values, name) in [
                ("sales/:saleId", ["saleId": ParameterValue.int(saleId), "preview": .bool(flag)], "saleId"),
                ("prices/:price", ["price": .number(price)], "price"), ("orders/:orderId", ["orderId": .uuid(order)], "orderId"),
                ("files/*path", ["path": .string(path)], "path"),
            ] as [(String, [String: ParameterValue], String)] {
                do {
                    for built in [try router.url(for: pattern, values: values), try router.universalLinkURL(for: pattern, values: values)] {
                        let result = router.match(built)
                        #expect(result.route?.description == pattern, "\(built)")
                        #expect(result.value(name) == values[name], "\(built)")
                    }
                } catch {
                    // Only a catch-all whose first segment is `new` is another route's link.
                    if pattern != "files/*path" || !(path == "new" || segments.count == 1) { Issue.record(error, "\(pattern) \(values)") }
                }
            }
        }
    }
}
