extension JSONDocument {
    /// The positions of an array's elements or an object's members.
    func children(of record: Record) -> ArraySlice<Int32> {
        guard record.count > 0 else { return [] }
        let start = Int(record.payload)
        return children[start..<(start + Int(record.count))]
    }

    /// The string of a string record that is not empty or only white space, as
    /// ``JSONNode/readNonEmptyString()`` accepts; `nil` otherwise.
    func nonEmptyString(_ record: Record) -> String? {
        guard record.kind == .string else { return nil }
        let string = strings[Int(record.payload)]
        return JSONNode.isBlank(string) ? nil : string
    }
}
