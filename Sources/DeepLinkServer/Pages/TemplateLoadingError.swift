/// A file of the server's templates that is missing, unreadable or not valid Mustache. The
/// templates are read when the server is built, so ``buildApplication(configuration:store:metrics:logger:clock:passwords:)``
/// fails with this error, naming the file, rather than a page failing when it is asked for.
struct TemplateLoadingError: Error, CustomStringConvertible {
    /// The file, as a path in the server's bundle: `Templates/Dashboard/keys.mustache`.
    let file: String
    /// What is wrong with it, and where: `is missing from the server's bundle`.
    let problem: String

    /// The file and what is wrong with it, in one line.
    var description: String { "\(file) \(problem)" }
}
