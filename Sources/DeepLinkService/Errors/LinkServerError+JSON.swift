import DeepLinkCore

extension LinkServerError {
    /// The error as JSON: `{"error": {"code", "message", "field"?, "errors"?}, "openInBrowser"?}`,
    /// where `errors` lists every field error of the request, `[{"field", "code", "message"}]`,
    /// the first of them also being the error's own fields, so older clients keep working.
    package var json: JSONValue {
        var error: [String: JSONValue] = ["code": .string(code.description), "message": .string(message)]
        if let field { error["field"] = .string(field) }
        if let scope { error["scope"] = .string(scope.rawValue) }
        let all = allFieldErrors
        if !all.isEmpty {
            error["errors"] = .array(
                all.map { ["field": .string($0.field ?? ""), "code": .string($0.code.description), "message": .string($0.message)] })
        }
        var root: [String: JSONValue] = ["error": .object(error)]
        if let openInBrowser { root["openInBrowser"] = .string(openInBrowser) }
        return .object(root)
    }
}
