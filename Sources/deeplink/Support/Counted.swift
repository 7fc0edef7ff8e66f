/// A count and its noun agreeing in number, as every command prints them: `1 route`, `2 routes`.
/// - Parameters:
///   - count: The count.
///   - singular: The noun for one, such as `route`.
///   - plural: The noun for any other count; the singular with `s` by default.
func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
