/// A count under a name, such as a platform and its clicks, or a link's code and its clicks: the
/// rows of the stats document's breakdowns. A `Sendable` value.
package struct NamedCount: Sendable, Hashable {
    /// The bucket's name.
    package let name: String
    /// Its clicks.
    package let count: Int

    /// Creates a count.
    /// - Parameters:
    ///   - name: The bucket's name.
    ///   - count: Its clicks.
    package init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}
