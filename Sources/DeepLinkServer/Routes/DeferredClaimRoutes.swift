import DeepLinkCore
import Foundation
import Hummingbird
import Logging

/// `POST /api/v1/deferred/claim`: the app's first launch asks which link was clicked before the
/// install. Public (an app holds no API key) and rate-limited per address; each click is answered
/// once. `openapi.yaml` documents the body and the answer.
struct DeferredClaimRoutes: Sendable {
    let deferred: DeferredLinks
    let storeHop: StoreHop
    let limiter: RateLimiter

    /// The most a claim body may hold.
    static let maximumBodySize = 4096

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.post("/api/v1/deferred/claim", use: claim)
    }

    @Sendable func claim(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let address = storeHop.clientAddress.address(of: request, context: context)
        if let wait = limiter.take(address ?? "unknown") {
            throw LinkServerError(code: .rateLimited, message: "too many claims from this address; retry in \(wait) s", retryAfter: wait)
        }
        let (token, device) = try Self.read(try await request.jsonBody(upTo: Self.maximumBodySize))
        let claimed: (click: DeferredClick, match: DeferredMatch)?
        do {
            claimed = try await deferred.claim(token: token, device: device, clientAddress: address)
        } catch {
            context.logger.error("cannot answer a deferred claim", metadata: ["error": "\(error)"])
            throw error.serverError
        }
        guard let (click, match) = claimed else { return Response.json(["match": .string(DeferredMatch.none.rawValue)]) }
        context.logger.info("deferred click claimed", metadata: ["link.code": "\(click.code ?? "")", "match": "\(match.rawValue)"])
        return Response.json(Self.answer(click, match: match))
    }

    /// The body's token and device signals.
    /// - Throws: ``LinkServerError`` with code `invalid-field` naming the bad field.
    static func read(_ body: JSONValue) throws(LinkServerError) -> (token: String?, device: DeviceSignals?) {
        guard let object = body.objectValue else {
            throw LinkServerError(code: .invalidJSON, message: "the body must be a JSON object with token and/or device")
        }
        if let unknown = object.keys.sorted().first(where: { !["token", "device"].contains($0) }) {
            throw LinkServerError(code: .invalidField, message: "unknown field; a claim has token and device", field: unknown)
        }
        var token: String?
        switch object["token"] {
        case nil, .null?: token = nil
        case .string(let text)? where DeferredClick.isToken(text): token = text
        default:
            throw LinkServerError(
                code: .invalidField, message: "token must be the 16 to 128 letters, digits, - and _ of deeplink_click", field: "token")
        }
        guard let deviceValue = object["device"], deviceValue != .null else { return (token, nil) }
        guard let fields = deviceValue.objectValue else {
            throw LinkServerError(code: .invalidField, message: "device must be an object", field: "device")
        }
        let known = ["platform", "osVersion", "language", "timeZone", "screen"]
        var strings: [String: String] = [:]
        for (key, value) in fields {
            guard known.contains(key) else {
                throw LinkServerError(
                    code: .invalidField, message: "unknown field; device has \(known.joined(separator: ", "))", field: "device.\(key)")
            }
            guard case .string(let text) = value, text.count <= 64 else {
                throw LinkServerError(code: .invalidField, message: "must be a string of at most 64 characters", field: "device.\(key)")
            }
            strings[key] = text
        }
        guard let platform = strings["platform"].flatMap(ClientPlatform.init(rawValue:)), platform == .ios || platform == .android
        else {
            throw LinkServerError(code: .invalidField, message: "device.platform must be ios or android", field: "device.platform")
        }
        let device = DeviceSignals(
            platform: platform, osVersion: strings["osVersion"], language: strings["language"], timeZone: strings["timeZone"],
            screen: strings["screen"])
        return (token, device)
    }

    /// The answer for a claimed click.
    static func answer(_ click: DeferredClick, match: DeferredMatch) -> JSONValue {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "match": .string(match.rawValue),
            "deepLink": .string(click.deepLink),
            "link": [
                "code": optional(click.code),
                "campaign": optional(click.campaign),
                "utm": [
                    "source": optional(click.utm.source), "medium": optional(click.utm.medium),
                    "campaign": optional(click.utm.campaign), "term": optional(click.utm.term), "content": optional(click.utm.content),
                ],
                "clickedAt": .string(Link.timestamp(click.createdAt)),
            ],
        ]
    }
}
