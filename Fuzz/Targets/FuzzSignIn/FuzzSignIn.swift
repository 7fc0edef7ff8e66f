import DeepLinkCore
import DeepLinkService
import Foundation
import FuzzSupport
import HummingbirdBcrypt

/// The dashboard's sign-in path, without the network: a posted sign-in form read as the dashboard
/// reads it (`FormQuery`), its API key parsed and compared (`APIKey`), its name and password put
/// through the account rules (`DashboardPassword`) and bcrypt, the client address the limits
/// count by (`RateLimitKey`, fed the form's `address`), and every value as the log writes it.
@main
enum FuzzSignIn {
    static func main() { FuzzDriver.run(fuzzSignIn) }
}

/// The one password that signs in, and its hash at bcrypt's lowest cost, so each input runs quickly.
let password = "correct horse battery staple"
let storedHash = Bcrypt.hash(password, cost: 4)
/// A key whose token is known, to compare presented tokens against.
let key = APIKey.generate(name: "ci", at: Date(timeIntervalSince1970: 1_800_000_000))

func fuzzSignIn(_ input: FuzzInput) {
    let form = FormQuery.firstValues(percentEncoded: input.text)
    let token = (form["key"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    if let id = APIKey.id(of: token) {
        precondition(id.count == 12 && id.allSatisfy(\.isHexDigit), "a token's id \(id) is not 12 hex digits")
        precondition(APIKey.verify(token, against: key.record) == (token == key.token), "a token other than the key's matched it")
    }
    let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
    if (try? DashboardPassword.validate(name: name)) != nil {
        precondition(name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F }, "the name \(name.debugDescription) was accepted")
        if (try? DashboardPassword.check(newName: name, among: ["Maria"])) != nil {
            precondition(name == "Maria" || name.lowercased() != "maria", "\(name) was accepted beside Maria")
        }
    }
    let given = form["password"] ?? ""
    if let problem = DashboardPassword.problem(with: given, name: name) {
        precondition(!problem.isEmpty, "a password refused without a reason")
    } else {
        precondition(given.count >= DashboardPassword.minimumLength, "a password of \(given.count) characters was accepted")
    }
    precondition(DashboardPassword.verify(given, hash: storedHash) == (given == password), "bcrypt disagreed on \(given.debugDescription)")
    if let address = form["address"], let limitKey = RateLimitKey.of(address: address) {
        precondition(IPAddress(address) != nil, "\(address.debugDescription) is no address but got the limit key \(limitKey)")
        precondition(limitKey.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 }, "the limit key \(limitKey.debugDescription) has odd characters")
    }
    for value in Array(form.keys) + Array(form.values) {
        let logged = LogText.quoted(value)
        precondition(!logged.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format },
            "\(value.debugDescription) reaches the log as \(logged.debugDescription)")
    }
}
