import DeepLinkCore

/// One statement of a Digital Asset Links statement list (`assetlinks.json`): the site grants
/// `relations` to `target`.
public struct AssetLinkStatement: Sendable, Hashable {
    /// Who the relations are granted to.
    public enum Target: Sendable, Hashable {
        /// A web site, `scheme://host[:port]`.
        case web(site: String)
        /// An Android app and the SHA-256 fingerprints of the certificates it may be signed with.
        case androidApp(package: String, sha256CertFingerprints: [String])
    }

    /// The relations, e.g. `delegate_permission/common.handle_all_urls`.
    public let relations: [String]
    /// Who the relations are granted to.
    public let target: Target
    /// The statement's `relation_extensions`, e.g. Android 15's `dynamic_app_link_components`.
    public let relationExtensions: JSONValue?
    /// Where the statement stands in the file, e.g. `[0]`.
    public let jsonPath: JSONPath

    /// The relation that lets an app open the site's links.
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// The relation that shares the site's saved sign-in credentials with an app.
    public static let getLoginCredentials = "delegate_permission/common.get_login_creds"

    /// Creates a statement.
    /// - Parameters:
    ///   - relations: The relations granted.
    ///   - target: Who they are granted to.
    ///   - relationExtensions: The statement's `relation_extensions`.
    ///   - jsonPath: Where the statement stands in the file.
    public init(relations: [String], target: Target, relationExtensions: JSONValue? = nil, jsonPath: JSONPath = .root) {
        self.relations = relations
        self.target = target
        self.relationExtensions = relationExtensions
        self.jsonPath = jsonPath
    }

    /// The statement as JSON, keys as the file format names them.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["relation": .array(relations.map(JSONValue.string))]
        switch target {
        case .web(let site):
            object["target"] = ["namespace": "web", "site": .string(site)]
        case .androidApp(let package, let fingerprints):
            object["target"] = [
                "namespace": "android_app", "package_name": .string(package),
                "sha256_cert_fingerprints": .array(fingerprints.map(JSONValue.string)),
            ]
        }
        if let relationExtensions { object["relation_extensions"] = relationExtensions }
        return .object(object)
    }
}
