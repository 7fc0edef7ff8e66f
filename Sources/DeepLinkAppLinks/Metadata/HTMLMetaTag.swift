/// One `<meta>` tag that names a property: `<meta property="al:ios:url" content="example://docs">`.
public struct HTMLMetaTag: Sendable, Hashable {
    /// The `property` attribute (or `name`, when a page uses that instead), trimmed and lower-cased.
    public var property: String
    /// The `content` attribute with character references decoded and surrounding white space trimmed.
    public var content: String

    /// Creates a tag.
    /// - Parameters:
    ///   - property: The property name, e.g. `al:ios:url`.
    ///   - content: The property's value.
    public init(property: String, content: String) {
        self.property = property
        self.content = content
    }
}
