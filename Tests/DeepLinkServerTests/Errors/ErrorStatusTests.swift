import DeepLinkService
import HTTPTypes
import Hummingbird
import Testing

@testable import DeepLinkServer

/// One mapping from an error's meaning to a status: the admin API answers each code with the
/// status the dashboard's problem page has (they had two mappings, whose defaults were 503 and 500).
struct ErrorStatusTests {
    static let codes: [(LinkServerError.Code, HTTPResponse.Status)] = [
        (.invalidJSON, .badRequest), (.invalidField, .badRequest), (.unroutableDeepLink, .badRequest), (.disallowedURL, .badRequest),
        (.invalidBody, .badRequest), (.codeTaken, .conflict), (.notFound, .notFound), (.notAShortLink, .notFound), (.linkExpired, .gone),
        (.unauthorized, .unauthorized), (.insufficientScope, .forbidden), (.rateLimited, .tooManyRequests), (.payloadTooLarge, .contentTooLarge),
        (.unsupportedMediaType, .unsupportedMediaType), (.methodNotAllowed, .methodNotAllowed), (.storageUnavailable, .serviceUnavailable),
    ]

    @Test(arguments: codes)
    func theAPIAndTheDashboardAnswerACodeWithOneStatus(code: LinkServerError.Code, status: HTTPResponse.Status) throws {
        let error = LinkServerError(code: code, message: "what went wrong", retryAfter: code == .storageUnavailable ? 2 : nil)
        #expect(error.status == status)
        let page = try DashboardRenderer().problem(error, session: nil)
        #expect(page.status == status)
        if code == .storageUnavailable { #expect(page.headers[.retryAfter] == "2") }
    }

    struct Unexpected: Error {}

    @Test func anErrorThatIsNoLinkServerErrorIsAFiveHundredPage() throws {
        #expect(try DashboardRenderer().problem(Unexpected(), session: nil).status == .internalServerError)
    }
}
