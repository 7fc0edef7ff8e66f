import Foundation

/// One expectation about where a link goes, as written in a `deeplink test` cases file:
/// `{"url", "origin"?, "signedIn"?, "idiom"?, "expect": {"outcome", "route"?, "params"?, "plan"?}}`.
///
/// Apps can run the same file in their own unit tests with ``RouteTestCase/load(contentsOf:)``
/// and ``RouteTestCase/run(with:)``.
public struct RouteTestCase: Sendable, Hashable {
    /// The request to route.
    public let request: RouteRequest
    /// The expected outcome.
    public let outcome: RouteResult.Outcome
    /// The expected route pattern, compared without leading and trailing slashes; checked when
    /// the case names one (`null` expects no route).
    public let route: String??
    /// The expected parameters, exactly; checked when the case names them.
    public let parameters: [String: String]?
    /// The expected plan as route patterns from the root (`null` for the default route's step);
    /// checked when the case names one.
    public let plan: [String?]?
    /// Where the case stands in its file.
    public let location: SourceLocation?

    /// Creates a case.
    /// - Parameters:
    ///   - request: The request to route.
    ///   - outcome: The expected outcome.
    ///   - route: The expected route pattern, if checked.
    ///   - parameters: The expected parameters, if checked.
    ///   - plan: The expected plan, if checked.
    ///   - location: Where the case stands in its file.
    public init(
        request: RouteRequest, outcome: RouteResult.Outcome, route: String?? = nil, parameters: [String: String]? = nil,
        plan: [String?]? = nil, location: SourceLocation? = nil
    ) {
        self.request = request
        self.outcome = outcome
        self.route = route
        self.parameters = parameters
        self.plan = plan
        self.location = location
    }

    /// Routes the case (handlers run as the router has them) and lists every difference from
    /// the expectation, one readable line each; empty when the case passes.
    /// - Parameter router: The router under test.
    public func run(with router: Router) async -> [String] {
        let result = await router.route(request)
        var differences: [String] = []
        if result.outcome != outcome {
            differences.append("outcome: expected \(outcome.rawValue), got \(result.outcome.rawValue)"
                + (result.reason.map { " (\($0))" } ?? ""))
        }
        if let route, Self.normalized(route) != result.route?.normalized {
            differences.append("route: expected \(route ?? "none"), got \(result.route?.description ?? "none")")
        }
        if let parameters, parameters != result.parameters {
            for key in Set(parameters.keys).union(result.parameters.keys).sorted() where parameters[key] != result.parameters[key] {
                let expected = parameters[key].map(JSONWriter.quoted) ?? "(absent)"
                let actual = result.parameters[key].map(JSONWriter.quoted) ?? "(absent)"
                differences.append("params.\(key): expected \(expected), got \(actual)")
            }
        }
        let steps = result.plan.map(\.route)
        if let plan, plan.map(Self.normalized) != steps.map(Self.normalized) {
            func show(_ steps: [String?]) -> String { steps.map { $0 ?? "(default)" }.joined(separator: " → ") }
            differences.append("plan: expected \(show(plan)), got \(show(steps))")
        }
        return differences
    }

    /// Route keys compare without their leading and trailing slashes, as the router matches them.
    private static func normalized(_ key: String?) -> String? {
        key.map { (try? RoutePattern($0).normalized) ?? $0 }
    }

    /// Reads a cases file: a JSON array of cases.
    /// - Parameter url: The file's location.
    /// - Returns: The cases, in file order.
    /// - Throws: ``ConfigError`` naming the file, line and JSON path of the first bad case.
    public static func load(contentsOf url: URL) throws(ConfigError) -> [RouteTestCase] {
        let file = ConfigFile(url: url)
        do {
            return try parse(file.text(what: "the cases file").get())
        } catch {
            var located = error
            located.file = file.name
            throw located
        }
    }

    /// Reads cases from JSON text.
    /// - Parameter text: A JSON array of cases.
    /// - Returns: The cases, in order.
    /// - Throws: ``ConfigError`` naming the line and JSON path of the first bad case.
    public static func parse(_ text: String) throws(ConfigError) -> [RouteTestCase] {
        try JSONParser.parseDocument(text).readArray().map { node throws(ConfigError) in try readCase(node) }
    }

    private static let caseKeys: Set<String> = ["url", "origin", "signedIn", "idiom", "expect"]
    private static let expectationKeys: Set<String> = ["outcome", "route", "params", "plan"]

    /// Unknown keys are errors here, not warnings: a misspelt expectation would pass silently.
    private static func readObject(_ node: JSONNode, known: Set<String>) throws(ConfigError) -> JSONObjectReader {
        let object = try node.readObject()
        if let unknown = object.unknownKeyErrors(known: known).first { throw unknown }
        return object
    }

    private static func readCase(_ node: JSONNode) throws(ConfigError) -> RouteTestCase {
        let object = try readObject(node, known: caseKeys)
        let urlNode = try object.required("url")
        guard let url = URL(string: try urlNode.readNonEmptyString()) else {
            throw ConfigError(code: .invalidValue, message: "not a URL", at: urlNode)
        }
        let origin = try object.optional("origin")?.readCase(of: LinkOrigin.self) ?? .userTap
        let idiom = try object.optional("idiom")?.readCase(of: DeviceIdiom.self) ?? .phone
        let signedIn = try object.optional("signedIn")?.readBool() ?? false
        let expect = try readObject(object.required("expect"), known: expectationKeys)
        let outcome = try expect.required("outcome").readCase(of: RouteResult.Outcome.self)
        let route: String?? = try expect.members.first { $0.key == "route" }.map { member throws(ConfigError) -> String? in
            if member.value.isNull { return nil }
            return try RoutePattern(member.value.readString(), path: member.value.path, location: member.value.location).normalized
        }
        let parameters = try expect.optional("params").map { node throws(ConfigError) in
            var values: [String: String] = [:]
            for member in try node.readObject().members { values[member.key] = try member.value.readString() }
            return values
        }
        let plan = try expect.optional("plan").map { node throws(ConfigError) in
            try node.readArray().map { step throws(ConfigError) -> String? in
                if step.isNull { return nil }
                return try RoutePattern(step.readString(), path: step.path, location: step.location).normalized
            }
        }
        return RouteTestCase(
            request: RouteRequest(url: url, origin: origin, idiom: idiom, isSignedIn: signedIn), outcome: outcome, route: route,
            parameters: parameters, plan: plan, location: node.location)
    }
}
