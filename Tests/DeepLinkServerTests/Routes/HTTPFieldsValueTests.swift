import HTTPTypes
import Testing

@testable import DeepLinkServer

struct HTTPFieldsValueTests {
    @Test func readsAFieldAsTheSubscriptDoesWhetherItAppearsOnceTwiceOrNever() {
        var fields: HTTPFields = [.userAgent: "Mozilla/5.0 (iPhone)", .accept: "text/html"]
        #expect(fields.value(.userAgent) == "Mozilla/5.0 (iPhone)")
        #expect(fields.value(.referer) == nil)
        fields.append(HTTPField(name: .accept, value: "application/json"))
        #expect(fields.value(.accept) == "text/html, application/json")
        #expect(fields.value(.accept) == fields[.accept])
        // Names are compared without regard to case, as the subscript compares them.
        #expect(fields.value(HTTPField.Name("USER-AGENT")!) == "Mozilla/5.0 (iPhone)")
    }
}
