import DeepLinkServer
import DeepLinkService

extension CommandFailure {
    /// A link or user the link server refuses, as the admin API refuses it:
    /// `error: FIELD: MESSAGE (CODE)`, exit 1, or exit 2 when the database failed.
    /// - Parameter error: The server's error, naming the offending field when there is one.
    init(_ error: LinkServerError) {
        let fix: String? = error.code == .notFound ? "see deeplink links list" : nil
        self.init(
            (error.field.map { "\($0): " } ?? "") + error.message, fix: fix, code: error.code.description,
            status: error.code == .storageUnavailable ? .environment : .negative)
    }
}
