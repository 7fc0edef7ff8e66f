import DeepLinkCore

extension LinkEditor {
    /// A body's `variants`, checked: an array of ``LinkVariant/minimumCount`` to
    /// ``LinkVariant/maximumCount`` objects (or that array as one text, as the form, the command
    /// line and a CSV cell write it; `null`, an empty array or an empty text for none), each with
    /// a name of its own and a whole weight from 1 to 99, the weights adding up to 100; the deep
    /// link routed and the URLs allowed as the link's own are. Every error is returned, each
    /// naming its place: `variants[1].weight`.
    /// - Parameters:
    ///   - value: The body's value.
    ///   - field: The field's path, `variants`.
    func checkedVariants(_ value: JSONValue, field: String) -> ([LinkVariant], [LinkServerError]) {
        var errors: [LinkServerError] = []
        guard let items = Self.listItems(value, field: field, of: "variants", errors: &errors), !items.isEmpty else { return ([], errors) }
        guard (LinkVariant.minimumCount...LinkVariant.maximumCount).contains(items.count) else {
            return (
                [],
                [
                    LinkServerError(
                        code: .invalidField,
                        message: "\(field) has \(items.count) variant\(items.count == 1 ? "" : "s"); an A/B test has "
                            + "\(LinkVariant.minimumCount) to \(LinkVariant.maximumCount)",
                        field: field)
                ]
            )
        }
        var variants: [LinkVariant] = []
        var names: [String: Int] = [:]
        var weights: [Int] = []
        for (index, item) in items.enumerated() {
            let place = "\(field)[\(index)]"
            let (variant, weight, itemErrors) = checkedVariant(item, field: place)
            errors += itemErrors
            if let weight { weights.append(weight) }
            guard let variant else { continue }
            if let first = names[variant.name] {
                errors.append(
                    LinkServerError(
                        code: .invalidField, message: "\(Self.shown(variant.name)) is already the name of \(field)[\(first)]; each variant has its own name",
                        field: "\(place).name"))
            } else {
                names[variant.name] = index
            }
            variants.append(variant)
        }
        // The sum is checked when every weight reads, whatever else is wrong, so one answer names it all.
        if weights.count == items.count {
            let total = weights.reduce(0, +)
            if total != LinkVariant.totalWeight {
                let weights = weights.map(String.init).joined(separator: " + ")
                // Named at the last variant's weight, the one a person fixes to make the sum.
                errors.append(
                    LinkServerError(
                        code: .invalidField,
                        message: "the weights add up to \(total) (\(weights)); a link's variants add up to \(LinkVariant.totalWeight)",
                        field: "\(field)[\(items.count - 1)].weight"))
            }
        }
        return (errors.isEmpty ? variants : [], errors)
    }

    /// A variant, checked; its weight when that reads, for the sum, even if the rest does not.
    private func checkedVariant(_ item: JSONValue, field: String) -> (LinkVariant?, weight: Int?, [LinkServerError]) {
        guard case .object(let members) = item else {
            return (nil, nil, [LinkServerError(code: .invalidField, message: "\(field) must be an object, not \(item.kindDescription)", field: field)])
        }
        var errors: [LinkServerError] = []
        for name in members.keys.sorted() where !LinkVariant.fieldNames.contains(name) {
            errors.append(
                LinkServerError(
                    code: .invalidField, message: "unknown field; a variant has \(LinkVariant.fieldNames.joined(separator: ", "))",
                    field: "\(field).\(name)"))
        }
        var name = ""
        switch members["name"] {
        case .string(let text)? where LinkVariant.isName(text): name = text
        case .string(let text)?:
            errors.append(
                LinkServerError(
                    code: .invalidField,
                    message: "\(Self.shown(text)) is not a variant name: 1 to \(LinkVariant.maximumNameLength) letters, digits, - or _, such as a or grid-layout",
                    field: "\(field).name"))
        case nil, .null?:
            errors.append(LinkServerError(code: .invalidField, message: "\(field).name is required, such as a or b", field: "\(field).name"))
        case let other?:
            errors.append(
                LinkServerError(code: .invalidField, message: "\(field).name must be a string, not \(other.kindDescription)", field: "\(field).name"))
        }
        var weight: Int?
        switch members["weight"] {
        case .number(let number)? where number == number.rounded() && number >= 1 && number <= Double(LinkVariant.totalWeight - 1):
            weight = Int(number)
        case .number(let number)?:
            errors.append(
                LinkServerError(
                    code: .invalidField,
                    message: "\(field).weight is \(JSONWriter.write(.number(number))); a weight is a whole number from 1 to \(LinkVariant.totalWeight - 1), "
                        + "the share of visitors out of \(LinkVariant.totalWeight)",
                    field: "\(field).weight"))
        case nil, .null?:
            errors.append(
                LinkServerError(
                    code: .invalidField, message: "\(field).weight is required: the share of visitors out of \(LinkVariant.totalWeight), such as 50",
                    field: "\(field).weight"))
        case let other?:
            errors.append(
                LinkServerError(
                    code: .invalidField, message: "\(field).weight must be a whole number, not \(other.kindDescription)", field: "\(field).weight"))
        }
        let destinations = checkedDestinations(members, field: field, errors: &errors)
        guard errors.isEmpty, let weight else { return (nil, weight, errors) }
        return (
            LinkVariant(
                name: name, weight: weight, deepLink: destinations["deepLink"], webURL: destinations["webURL"], iosURL: destinations["iosURL"],
                androidURL: destinations["androidURL"]),
            weight, []
        )
    }
}
