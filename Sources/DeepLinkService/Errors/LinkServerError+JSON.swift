import DeepLinkCore

extension LinkServerError {
    /// The error as JSON: `{"error": {"code", "message", "field"?}}`.
    package var json: JSONValue {
        var error: [String: JSONValue] = ["code": .string(code.description), "message": .string(message)]
        if let field { error["field"] = .string(field) }
        return ["error": .object(error)]
    }
}
