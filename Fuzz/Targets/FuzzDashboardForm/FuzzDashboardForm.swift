import DeepLinkCore
import DeepLinkService
import Foundation
import FuzzSupport

/// Reads a posted link form as the dashboard does (`FormQuery`, then `LinkForm.json`) and checks
/// it with the admin API's `LinkEditor` against the example config. A link it accepts must
/// survive the edit form: its values, submitted again as a new link or as an unchanged edit,
/// give the same link; a refusal must say what is wrong, naming a field the form has.
@main
enum FuzzDashboardForm {
    static func main() { FuzzDriver.run(fuzzDashboardForm) }
}

/// The example config's editor, built once.
let editor: LinkEditor = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Examples/Shop/MobileDeepLinkingConfig.json").standardizedFileURL
    do {
        let configuration = try ServerConfiguration(reading: try DeepLinkConfig.load(contentsOf: url))
        return LinkEditor(setup: try DeepLinkSetup(configuration: configuration))
    } catch {
        fatalError("the example config \(url.path) does not load: \(error)")
    }
}()

/// A fixed now, so the expiry checks are the same on every run.
let now = Date(timeIntervalSince1970: 1_800_000_000)

func fuzzDashboardForm(_ input: FuzzInput) {
    let form = FormQuery.firstValues(percentEncoded: input.text)
    let link: Link
    do {
        link = try editor.create(from: LinkForm.json(form, forUpdate: false), now: now)
    } catch {
        explained(error)
        return
    }
    let shown = LinkForm.values(of: link)
    do {
        let again = try editor.create(from: LinkForm.json(shown, forUpdate: false), now: now)
        precondition(again == link, "the edit form's values, submitted as a new link, give another link:\n\(link)\n\(again)")
        let unchanged = try editor.update(link, with: LinkForm.json(shown, forUpdate: true), now: now)
        precondition(unchanged == link, "the edit form submitted unchanged changes the link:\n\(link)\n\(unchanged)")
    } catch {
        preconditionFailure("the edit form's values of an accepted link are refused: \(error.message) (\(error.field ?? "no field"))")
    }
}

/// A refusal says what is wrong and names a field of the form when it names one.
func explained(_ error: LinkServerError) {
    precondition(!error.message.isEmpty, "a refusal without a message")
    if let field = error.field {
        precondition(LinkField.named(field) != nil, "a refusal names \(field), which the form does not have")
    }
}
