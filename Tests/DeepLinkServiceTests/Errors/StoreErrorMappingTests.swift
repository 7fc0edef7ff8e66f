import DeepLinkService
import Testing

/// What a client learns of a store's failure: a duplicate is the code it asked for being taken,
/// anything else the database being out, with when to try again, never the database's internals.
struct StoreErrorMappingTests {
    @Test func aDuplicateIsATakenCodeOnTheCodeField() {
        let error = StoreError(code: .duplicate, message: "a link with the code spring exists").serverError
        #expect(error.code == .codeTaken)
        #expect(error.field == "code")
        #expect(error.message == "a link with the code spring exists")
    }

    @Test(arguments: [StoreError.Code.unavailable, .unreachable, .accessDenied, .outdatedSchema])
    func anyOtherFailureIsTheDatabaseBeingOutWithRetryAfter(code: StoreError.Code) {
        let error = StoreError(code: code, message: "PostgreSQL at db.internal:5432 refused the password of user deeplink").serverError
        #expect(error.code == .storageUnavailable)
        #expect(error.retryAfter == StoreError.retryAfterSeconds)
        #expect(!error.message.contains("db.internal"), "the database's address is not the client's business")
    }
}
