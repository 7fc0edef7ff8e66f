import Foundation

/// Finds the addresses of a host name. `Sendable`; the server's asks the system's resolver off
/// the cooperative pool, and tests give fixed answers.
package protocol WebhookHostResolver: Sendable {
    /// The host's addresses.
    /// - Throws: When the name does not resolve.
    func addresses(of host: String) async throws -> [IPAddress]
}

/// Where a webhook message may go. Receivers are not a way into the server's network: a URL must
/// be https (http only when private addresses are allowed, for development), carry no user name
/// or password, and its host must resolve only to public addresses (``IPAddress/nonPublicReason``),
/// checked when the endpoint is created and again before each delivery, since DNS can change; the
/// delivery then connects to the address that was checked. `allowPrivateWebhookURLs` lifts the
/// address rule. A `Sendable` value.
package struct WebhookURLPolicy: Sendable {
    /// A checked URL's parts.
    package struct Target: Sendable, Hashable {
        /// The URL as given.
        package let url: String
        /// Its host, lowercased, without brackets.
        package let host: String
        /// Whether the host is an address literal.
        package let hostIsAddress: Bool
    }

    /// Whether loopback, private and link-local addresses are allowed.
    package let allowsPrivateAddresses: Bool
    /// Finds a host's addresses.
    package let resolver: any WebhookHostResolver

    /// A policy.
    package init(allowsPrivateAddresses: Bool, resolver: any WebhookHostResolver) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.resolver = resolver
    }

    /// The URL's parts if its form is allowed.
    /// - Throws: ``LinkServerError`` `invalid-field` on `url`, saying what is wrong.
    package func target(_ text: String) throws(LinkServerError) -> Target {
        func refuse(_ message: String) -> LinkServerError { LinkServerError(code: .invalidField, message: message, field: "url") }
        // Invisible and reordering characters would make the URL read as another on a page or in a log.
        if let character = OffendingCharacter.first(in: text, where: { $0.properties.generalCategory == .format || OffendingCharacter.isBidiOverride($0) }) {
            throw refuse("url contains \(character), an invisible or bidirectional character; write the URL with visible characters only")
        }
        guard text.utf8.count <= 1024, !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7f }),
            let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { throw refuse("url must be an absolute https URL of at most 1024 bytes without spaces, such as https://hooks.example.com/deeplink") }
        guard scheme == "https" || (scheme == "http" && allowsPrivateAddresses) else {
            throw refuse(
                scheme == "http"
                    ? "url must be https: a message carries its signature and data in the clear over http (allowPrivateWebhookURLs allows http, for development)"
                    : "url must be https, not \(scheme)")
        }
        guard components.user == nil, components.password == nil else {
            throw refuse("url must not carry a user name or password; a receiver checks the message's signature instead")
        }
        guard components.fragment == nil else { throw refuse("url must not have a fragment (#…), which is never sent") }
        if let port = components.port, !(1...65535).contains(port) { throw refuse("url's port \(port) is not a TCP port (1 to 65535)") }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return Target(url: text, host: bare.lowercased(), hostIsAddress: IPAddress(bare) != nil)
    }

    /// The address to connect to for a target: its first address, once every address is allowed.
    /// - Throws: ``LinkServerError`` `invalid-field` on `url` for a host that does not resolve or
    ///   resolves to an address that is not allowed, naming it.
    package func address(for target: Target) async throws(LinkServerError) -> IPAddress {
        let addresses: [IPAddress]
        if let literal = IPAddress(target.host) {
            addresses = [literal]
        } else {
            do {
                addresses = try await resolver.addresses(of: target.host)
            } catch {
                throw Self.noPublicAddress(target)
            }
        }
        guard let first = addresses.first else { throw Self.noPublicAddress(target) }
        guard !allowsPrivateAddresses else { return first }
        // Every address, not only the first: a client would try the others when it fails.
        for address in addresses {
            if let reason = address.nonPublicReason {
                guard target.hostIsAddress else { throw Self.noPublicAddress(target) }
                throw LinkServerError(
                    code: .invalidField,
                    message: "url's host \(target.host) is \(reason); webhooks go only to public addresses "
                        + "(allowPrivateWebhookURLs allows others, for development)",
                    field: "url")
            }
        }
        return first
    }

    /// The one answer for a name that does not resolve, has no address, or resolves to one that
    /// is not public: telling them apart would let a key holder map which internal names exist.
    private static func noPublicAddress(_ target: Target) -> LinkServerError {
        LinkServerError(
            code: .invalidField,
            message: "url's host \(target.host) does not resolve to a public address; webhooks go only to public addresses "
                + "(allowPrivateWebhookURLs allows others, for development)",
            field: "url")
    }
}
