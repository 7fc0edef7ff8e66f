import DeepLinkCore
import Foundation
import Testing

/// Routes in the plain form are read straight from the document's records; anything else by the
/// general reader. Both must give the same routes, locations included.
struct PlainRouteReadingTests {
    /// Routes written in the plain form, each with the members the plain reader reads.
    static let plainRoutes = """
        "sales/:saleId": {"class": "SaleViewController", "identifier": "sale", "handlers": ["log", "track"],
            "routeParameters": {"saleId": {"required": true, "regex": "[0-9]+", "type": "int"}, "ref": {"regex": "[a-z]*"}}},
        "/help/": {"handlers": ["log"], "requiresAuth": false},
        "account": {"class": "Account", "requiresAuth": true, "routeParameters": {}},
        "files/*path": {"class": "Files", "handlers": []}
        """

    /// The same routes, each with a member the plain reader does not know at its end, so the
    /// general reader reads them (and warns about the member) with every location unchanged.
    static let generalRoutes = plainRoutes.replacingOccurrences(of: "}},\n", with: "}, \"x-note\": 1},\n")
        .replacingOccurrences(of: "false},", with: "false, \"x-note\": 1},")
        .replacingOccurrences(of: "{}},", with: "{}, \"x-note\": 1},")
        .replacingOccurrences(of: "[]}", with: "[], \"x-note\": 1}")

    static func config(_ routes: String) -> String {
        "{\"schemes\": [\"shop\"], \"routes\": {\n\(routes)\n}}"
    }

    @Test func thePlainAndTheGeneralReaderGiveTheSameRoutes() throws {
        let plain = try DeepLinkConfig.parse(Self.config(Self.plainRoutes))
        let general = DeepLinkConfig.diagnose(Self.config(Self.generalRoutes))
        #expect(general.warnings.count == 4, "every route went through the general reader")
        let generalRoutes = try #require(general.config).routes
        #expect(plain.routes == generalRoutes)
        #expect(plain.routes.map(\.location) == generalRoutes.map(\.location))
        #expect(plain.routes.flatMap(\.parameters).map(\.pattern?.location) == generalRoutes.flatMap(\.parameters).map(\.pattern?.location))
    }

    @Test(arguments: [
        #""a": {"class": "A", "class": "B"}"#,
        #""a": {"class": null}"#,
        #""a": {"class": "A", "handlers": ["x", "x"]}"#,
        #""a": {"class": "A", "routeParameters": {"al_applink_data": {}}}"#,
        #""a/:id": {"class": "A", "routeParameters": {"id": {"regex": "("}}}"#,
        #""a/:id": {"class": "A", "routeParameters": {"id": {"type": "integer"}}}"#,
        #""a": {"class": " "}"#,
        #""a": {"handlers": []}"#,
    ])
    func whatThePlainReaderDoesNotReadIsReportedAsBefore(route: String) throws {
        // The general reader's report, errors and warnings, whatever the plain reader made of the route.
        let report = DeepLinkConfig.diagnose(Self.config(route))
        #expect(!report.errors.isEmpty || !report.warnings.isEmpty, "\(route)")
    }

    @Test func aBooleanWrittenAsAStringIsReadAsBefore() throws {
        let config = try DeepLinkConfig.parse(Self.config(#""a": {"class": "A", "requiresAuth": "true"}"#))
        #expect(config.routes.first?.requiresAuth == true)
    }

    /// Routes share the rules of the first route that declares them, so a shared regex keeps
    /// where it was first written.
    @Test func routesWithTheSameRulesShareOneArrayAndStayEqual() throws {
        let config = try DeepLinkConfig.parse(
            Self.config(#""a/:id": {"class": "A", "routeParameters": {"id": {"regex": "[0-9]+"}}}, "b/:id": {"class": "B", "routeParameters": {"id": {"regex": "[0-9]+"}}}"#))
        #expect(config.routes[0].parameters == config.routes[1].parameters)
        #expect(config.routes[1].parameters.first?.pattern?.location == SourceLocation(line: 2, column: 61))
    }
}
