import DeepLinkCore

/// One arm of a link's A/B test: a share of the link's visitors (``weight`` of 100) who get its
/// destinations in place of the link's own. A visitor is assigned once, by a stable value
/// (``Link/variant(for:)``), and keeps the variant on later visits. A `Sendable` value.
///
/// In the admin API's link body: `"variants": [{"name": "a", "weight": 50}, {"name": "b",
/// "weight": 50, "deepLink": "shop://sales/42?layout=grid"}]`. A variant that names no destination
/// is the link as it is: the control arm.
package struct LinkVariant: Sendable, Hashable, LinkDestinations {
    /// The variant's name, such as `a` or `grid-layout`: 1 to 32 letters, digits, `-` or `_`,
    /// each name once in a link. The numbers count by it.
    package var name: String
    /// The share of visitors, 1 to 99; a link's variants add up to 100.
    package var weight: Int
    /// The in-app deep link instead of the link's.
    package var deepLink: String?
    /// The web page instead of the link's `fallbacks.webURL`.
    package var webURL: String?
    /// The iOS page instead of the link's `fallbacks.iosURL`.
    package var iosURL: String?
    /// The Android page instead of the link's `fallbacks.androidURL`.
    package var androidURL: String?

    /// The fewest variants a link with variants has.
    package static let minimumCount = 2
    /// The most variants a link has.
    package static let maximumCount = 4
    /// The longest name.
    package static let maximumNameLength = 32
    /// What the weights of a link's variants add up to.
    package static let totalWeight = 100

    /// A variant.
    package init(
        name: String, weight: Int, deepLink: String? = nil, webURL: String? = nil, iosURL: String? = nil, androidURL: String? = nil
    ) {
        self.name = name
        self.weight = weight
        self.deepLink = deepLink
        self.webURL = webURL
        self.iosURL = iosURL
        self.androidURL = androidURL
    }

    /// The names a variant's object may have.
    package static let fieldNames = ["name", "weight", "deepLink", "webURL", "iosURL", "androidURL"]

    /// Whether a text is a variant name: 1 to ``maximumNameLength`` ASCII letters, digits, `-` or `_`.
    /// - Parameter name: The text.
    package static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumNameLength
            && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    /// The variant in a sentence for people: `b (50 %) → deep link shop://…`, or `a (50 %) → the link's own destinations`.
    package var summary: String {
        let destinations = destinationSummary
        return "\(name) (\(weight) %) → " + (destinations.isEmpty ? "the link's own destinations" : destinations.joined(separator: ", "))
    }
}

/// A value that stays the same for one visitor across visits, which assigns them a variant: the
/// browser's `dl_vid` cookie on the link domain, which the server sets on the first visit to a
/// link with variants, or the `visitorId` an app sends with `POST /api/v1/opens` (a value kept per
/// install). 16 to 64 ASCII letters, digits, `-` or `_`; it names no person and is never stored.
/// A `Sendable` value.
package struct VisitorID: Sendable, Hashable {
    /// The value.
    package let rawValue: String

    /// The cookie that carries it in a browser.
    package static let cookieName = "dl_vid"
    /// How long the cookie lives, in seconds: 400 days, the most browsers keep a cookie (RFC 6265bis).
    package static let cookieMaxAge = 400 * 24 * 60 * 60
    /// The shortest value.
    package static let minimumLength = 16
    /// The longest value.
    package static let maximumLength = 64

    /// A value, if the text is one.
    /// - Parameter rawValue: The text.
    package init?(rawValue: String) {
        guard AppOpenRequest.isVisitorID(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A new value: 128 bits from the system's secure generator (two draws), in 22 base64url characters.
    package static func random() -> VisitorID {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var high = generator.next()
        var low = generator.next()
        var bytes = [UInt8](repeating: 0, count: 22)
        // 22 characters of 6 bits hold the 128: 10 from each half (60 bits), then the last 8 bits.
        for index in 0..<10 {
            bytes[index] = alphabet[Int(high & 63)]
            high >>= 6
            bytes[10 + index] = alphabet[Int(low & 63)]
            low >>= 6
        }
        bytes[20] = alphabet[Int(high & 15)]
        bytes[21] = alphabet[Int(low & 15)]
        return VisitorID(trusted: String(decoding: bytes, as: UTF8.self))
    }

    private init(trusted rawValue: String) {
        self.rawValue = rawValue
    }

    /// The `dl_vid` cookie's value in a `Cookie` header, if it holds a valid one. Read byte by
    /// byte, once, as every visit to a link with variants does.
    /// - Parameter header: The `Cookie` header.
    package init?(cookieHeader header: String) {
        guard let value = Self.cookieValue(named: Self.cookieName, in: header), let id = VisitorID(rawValue: value) else { return nil }
        self = id
    }

    /// The first value of a cookie in a `Cookie` header (`a=1; name=value`), compared byte by byte.
    /// - Parameters:
    ///   - name: The cookie's name.
    ///   - header: The `Cookie` header.
    package static func cookieValue(named name: String, in header: String) -> String? {
        let bytes = Array(header.utf8)
        let wanted = Array(name.utf8)
        var start = 0
        while start < bytes.count {
            while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            let nameEnd = start + wanted.count
            if nameEnd < end, bytes[nameEnd] == UInt8(ascii: "="), bytes[start..<nameEnd].elementsEqual(wanted) {
                return String(decoding: bytes[(nameEnd + 1)..<end], as: UTF8.self)
            }
            start = end + 1
        }
        return nil
    }

    /// The `Set-Cookie` header that keeps the value in the browser, for the link domain only.
    package var setCookie: String {
        "\(Self.cookieName)=\(rawValue); Max-Age=\(Self.cookieMaxAge); Path=/; Secure; HttpOnly; SameSite=Lax"
    }

    /// Where the value falls among 100 buckets for a link: FNV-1a (64 bits) of the code and the
    /// value, so the same visitor is in the same bucket for a link on every visit and on every
    /// server, and their buckets for two links are unrelated.
    /// - Parameter code: The link's code.
    package func bucket(for code: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in code.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash = (hash ^ 0) &* 0x0000_0100_0000_01b3
        for byte in rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        // The high bits mix best under FNV's multiply.
        return Int((hash >> 32) % UInt64(LinkVariant.totalWeight))
    }
}

extension Link {
    /// The variant a visitor is assigned: the one whose share of the 100 buckets holds the
    /// visitor's bucket for this link (``VisitorID/bucket(for:)``), in the order the variants are
    /// listed; `nil` for a link without variants.
    /// - Parameter visitor: The visitor's stable value.
    package func variant(for visitor: VisitorID) -> LinkVariant? {
        guard !variants.isEmpty else { return nil }
        let bucket = visitor.bucket(for: code)
        var upper = 0
        for variant in variants {
            upper += variant.weight
            if bucket < upper { return variant }
        }
        return variants.last
    }
}

extension LinkVariant {
    /// The variant as the admin API writes it: its name, weight and the destinations it gives.
    package var json: JSONValue {
        var object: [String: JSONValue] = ["name": .string(name), "weight": .number(Double(weight))]
        for (name, value) in [("deepLink", deepLink), ("webURL", webURL), ("iosURL", iosURL), ("androidURL", androidURL)] {
            if let value { object[name] = .string(value) }
        }
        return .object(object)
    }

    /// Variants as the `links.variants` column keeps them: a JSON array, or `nil` for none.
    /// - Parameter variants: The variants.
    package static func stored(_ variants: [LinkVariant]) -> String? {
        variants.isEmpty ? nil : JSONWriter.write(.array(variants.map(\.json)))
    }

    /// Variants from the `links.variants` column, which only the editor's checked values reach; a
    /// hand-edited row whose variants do not read, or no longer add up to 100, gives none, so the
    /// link opens as it is rather than splitting its visitors wrongly.
    /// - Parameter stored: The column's text.
    package static func read(stored: String?) -> [LinkVariant] {
        guard let stored, case .array(let items)? = try? JSONValue(parsing: stored) else { return [] }
        let variants = items.compactMap { item -> LinkVariant? in
            guard case .object(let members) = item, let name = members["name"]?.stringValue, case .number(let weight)? = members["weight"],
                weight >= 1, weight < Double(totalWeight), weight == weight.rounded()
            else { return nil }
            return LinkVariant(
                name: name, weight: Int(weight), deepLink: members["deepLink"]?.stringValue, webURL: members["webURL"]?.stringValue,
                iosURL: members["iosURL"]?.stringValue, androidURL: members["androidURL"]?.stringValue)
        }
        guard variants.count == items.count, variants.reduce(0, { $0 + $1.weight }) == totalWeight else { return [] }
        return variants
    }
}
