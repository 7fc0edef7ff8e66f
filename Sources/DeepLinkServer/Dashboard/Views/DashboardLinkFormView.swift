import DeepLinkService
import Foundation
import Mustache

/// The values of `linkForm.mustache`, the form that creates, duplicates or changes a link: its
/// fields in the catalog's groups, with the values typed or stored, and after a rejected attempt
/// the error beside its field.
struct DashboardLinkFormView: DashboardPageView {
    /// `linkForm.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.linkForm }

    /// A group of fields.
    struct Section {
        /// The group's legend.
        let title: String
        /// Its fields.
        let fields: [Field]
    }

    /// A field of the form.
    struct Field {
        /// The input's `id`.
        let id: String
        /// The input's `name`: the field's path in the admin API's JSON.
        let name: String
        /// The label.
        let label: String
        /// The hint under the input.
        let hint: String
        /// The input's `type`.
        let type: String
        /// Whether the field is a `textarea` (a link's targets, as JSON) rather than an `input`;
        /// stored, since Mustache reads stored properties only.
        let multiline: Bool
        /// The input's `step`: `1` for a time, so a stored time's seconds are shown and kept.
        let step: String?
        /// What the input holds.
        let value: String
        /// Whether the field must be filled.
        let required: Bool
        /// Whether the field cannot change: a link's code, once it exists.
        let readonly: Bool
        /// Why the value was rejected.
        let fieldError: String?
    }

    /// The page's heading.
    let heading: String
    /// Why the link was not saved.
    let formError: String?
    /// Where the form posts.
    let action: String
    /// The session's form token, which the form carries.
    let formToken: String?
    /// The fields, by group.
    let sections: [Section]
    /// The submit button's label.
    let submit: String
    /// Where cancelling leads.
    let cancel: String
    /// The password field's label: a new password, or a change of the link's.
    let passwordLabel: String
    /// The password field's hint.
    let passwordHint: String
    /// Why the password was refused.
    let passwordError: String?
    /// Whether the link has a password now, which the form can remove.
    let passwordProtected: Bool

    /// The form.
    /// - Parameters:
    ///   - heading: The page's heading.
    ///   - action: Where the form posts.
    ///   - values: The fields' values by path.
    ///   - editing: Whether it changes an existing link rather than creating one.
    ///   - formToken: The session's form token.
    ///   - error: Why the link was not saved: beside its field when it names one, else above the form.
    init(heading: String, action: String, values: [String: String], editing: Bool, formToken: String?, error: LinkServerError? = nil) {
        self.heading = heading
        self.action = action
        self.formToken = formToken
        var fieldErrors: [String: String] = [:]
        for fieldError in error?.allFieldErrors ?? [] {
            guard let field = fieldError.field else { continue }
            // A target's or variant's errors name their place in the JSON (targets[0].countries[1],
            // variants[1].weight); the form has one text area for each list.
            if let list = ["targets", "variants"].first(where: { field.hasPrefix($0 + "[") }) {
                let sentence = "\(field): " + DashboardText.sentence(fieldError.message)
                fieldErrors[list] = fieldErrors[list].map { $0 + " " + sentence } ?? sentence
            } else if fieldErrors[field] == nil {
                fieldErrors[field] = DashboardText.sentence(fieldError.message)
            }
        }
        sections = DashboardForm.linkSections.map { section in
            Section(
                title: section.title,
                fields: section.fields.map { field in
                    Field(
                        id: "field-" + field.path.replacingOccurrences(of: ".", with: "-"), name: field.path, label: field.label, hint: field.hint,
                        type: field.input, multiline: field.input == "textarea", step: field.kind == .expiry ? "1" : nil, value: values[field.path] ?? "", required: field.isRequired, readonly: editing && field.kind == .code,
                        fieldError: fieldErrors[field.path])
                })
        }
        passwordProtected = values["passwordProtected"] == "true"
        passwordLabel = passwordProtected ? "New password" : "Password"
        passwordHint =
            (passwordProtected
                ? "The link asks visitors for a password. Leave empty to keep it; it is never shown again. "
                : "Visitors must give it before the link opens; its page shows nothing of where the link leads. Leave empty for none. ")
            + "At least \(LinkPassword.minimumLength) characters; the app cannot open a password link, its page in the browser asks."
        passwordError = fieldErrors["password"] ?? fieldErrors["passwordProtected"]
        let marked = sections.reduce(0) { $0 + $1.fields.filter { $0.fieldError != nil }.count } + (passwordError == nil ? 0 : 1)
        formError = error.map {
            switch marked {
            case 0: "The link was not saved: \(DashboardText.sentence($0.message))"
            case 1: "The link was not saved: fix the field marked below."
            default: "The link was not saved: fix the \(marked) fields marked below."
            }
        }
        submit = editing ? "Save changes" : "Create link"
        cancel = editing ? "/dashboard/links/\(values["code"] ?? "")" : "/dashboard/links"
    }
}
