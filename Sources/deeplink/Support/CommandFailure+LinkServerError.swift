import DeepLinkServer
import DeepLinkService

extension CommandFailure {
    /// A link or user the link server refuses, as the admin API refuses it:
    /// `error: FIELD: MESSAGE (CODE)`, one line per bad field, exit 1, or exit 2 when the database
    /// failed. With `--json`, the admin API's error document, `errors` listing every field.
    /// - Parameter error: The server's error, naming the offending field when there is one.
    init(_ error: LinkServerError) {
        let fields = error.allFieldErrors
        if fields.count > 1 {
            self.init(
                message: fields.map { "error: \($0.field ?? ""): \($0.message) (\($0.code))" }.joined(separator: "\n"),
                exitCode: Status.negative.rawValue, isVerdict: false, errorDocument: error.json)
            return
        }
        let fix: String? = error.code == .notFound ? "see deeplink links list" : nil
        self.init(
            (error.field.map { "\($0): " } ?? "") + error.message, fix: fix, code: error.code.description,
            status: error.code == .storageUnavailable ? .environment : .negative)
    }
}
