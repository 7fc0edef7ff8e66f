import DeepLinkCore

extension LinkServerError {
    /// The error as JSON: `{"error": {"code", "message", "field"?}, "openInBrowser"?}`.
    package var json: JSONValue {
        var error: [String: JSONValue] = ["code": .string(code.description), "message": .string(message)]
        if let field { error["field"] = .string(field) }
        var root: [String: JSONValue] = ["error": .object(error)]
        if let openInBrowser { root["openInBrowser"] = .string(openInBrowser) }
        return .object(root)
    }
}
