import HTTPTypes

extension HTTPFields {
    /// The value of a field, as the subscript reads it (every field of the name joined with
    /// commas), but without making a new string when there is one field, as there almost always
    /// is: the subscript joins even a single value into a copy, and a landing page reads several
    /// headers.
    /// - Parameter name: The field's name.
    /// - Returns: The value, or `nil` when no field has the name.
    func value(_ name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            guard found == nil else { return self[name] }
            found = field.value
        }
        return found
    }
}
