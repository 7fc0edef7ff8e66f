import DeepLinkCore

/// Reads platform files leniently: every problem becomes a diagnostic and reading goes on with
/// what can be used, so one run reports everything the platforms would object to.
final class DiagnosticCollector {
    let file: String?
    private(set) var diagnostics: [Diagnostic] = []
    /// How many of the diagnostics are errors, so a reader can tell whether one part of a file had any.
    private(set) var errorCount = 0

    init(file: String?) {
        self.file = file
    }

    func error(_ code: String, _ message: String, at node: JSONNode) {
        add(.error, code, message, path: node.path, location: node.location)
    }

    func warning(_ code: String, _ message: String, at node: JSONNode) {
        add(.warning, code, message, path: node.path, location: node.location)
    }

    func add(_ severity: Diagnostic.Severity, _ code: String, _ message: String, path: JSONPath, location: SourceLocation?) {
        if severity == .error { errorCount += 1 }
        diagnostics.append(
            Diagnostic(severity: severity, code: code, message: message, path: path, location: location, file: file))
    }

    /// The document, or `nil` with an `invalid-json` error.
    func parse(_ text: String) -> JSONNode? {
        do {
            return try JSONParser.parse(text)
        } catch {
            add(.error, "invalid-json", "not valid JSON: \(error.message)", path: .root, location: error.location)
            return nil
        }
    }

    /// An object's members by name (the last of duplicates, which is what the platforms' JSON
    /// readers keep), reporting duplicates and, when `known` is given, unknown names.
    func object(_ node: JSONNode, known: Set<String>? = nil) -> [String: JSONNode]? {
        guard case .object(let members) = node.value else {
            error("wrong-type", "expected an object, found \(node.kindDescription)", at: node)
            return nil
        }
        var result: [String: JSONNode] = [:]
        for member in members {
            if result[member.key] != nil {
                add(
                    .error, "duplicate-key", "key \(JSONWriter.quoted(member.key)) appears twice; the platforms keep only one",
                    path: member.value.path, location: member.keyLocation)
            }
            result[member.key] = member.value
        }
        if let known, let reader = try? node.readObject() {
            for warning in reader.unknownKeyWarnings(known: known) {
                add(warning.severity, warning.code, warning.message, path: warning.path, location: warning.location)
            }
        }
        return result
    }

    func array(_ node: JSONNode) -> [JSONNode]? {
        guard case .array(let elements) = node.value else {
            error("wrong-type", "expected an array, found \(node.kindDescription)", at: node)
            return nil
        }
        return elements
    }

    func string(_ node: JSONNode) -> String? {
        guard case .string(let string) = node.value else {
            error("wrong-type", "expected a string, found \(node.kindDescription)", at: node)
            return nil
        }
        return string
    }

    /// A JSON boolean; platform files are read by strict parsers, so `"true"` is an error here.
    func bool(_ node: JSONNode) -> Bool? {
        guard case .bool(let bool) = node.value else {
            error("wrong-type", "expected true or false, found \(node.kindDescription)", at: node)
            return nil
        }
        return bool
    }

    /// The strings of an array, each with its node; elements of other types are reported and skipped.
    func strings(_ node: JSONNode) -> [(String, JSONNode)] {
        (array(node) ?? []).compactMap { element in string(element).map { ($0, element) } }
    }
}

extension AssociationError {
    /// The model read from a file, or an `invalid-file` error carrying every diagnostic when the
    /// file has errors.
    static func requireUsable<Model>(
        _ model: Model?, diagnostics: [Diagnostic], what: String, file: String?
    ) throws(AssociationError) -> Model {
        let errors = diagnostics.filter { $0.severity == .error }
        guard let model, errors.isEmpty else {
            let first = errors.first.map { ": \($0)" } ?? ""
            throw AssociationError(
                code: .invalidFile, message: "not a usable \(what)\(first)", input: file, diagnostics: diagnostics)
        }
        return model
    }
}
