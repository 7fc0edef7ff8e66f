/// A MaxMind DB file (the `.mmdb` format of GeoLite2, GeoIP2 and DB-IP's databases) read into
/// memory: its metadata, and the record an address falls in, found by walking the binary search
/// tree bit by bit. Written to the MaxMind DB File Format Specification 2.0; the tests read files
/// written by PyPI's `mmdb-writer` and compare answers with Debian's `mmdblookup`. A `Sendable` value.
public struct MaxMindDatabase: Sendable {
    /// The database's metadata map (`database_type`, `build_epoch`, `languages`, …).
    public let metadata: [String: MaxMindValue]
    /// The `database_type`, such as `GeoLite2-Country`.
    public let databaseType: String
    /// The addresses the tree holds: 4 for IPv4 only, 6 for IPv6 (with IPv4 under `::/96`).
    public let ipVersion: Int
    private let bytes: [UInt8]
    private let nodeCount: Int
    private let recordSize: Int
    private let treeSize: Int
    /// The node an IPv4 address's walk starts at: the root, or in an IPv6 tree the node after 96 zero bits.
    private let ipv4Start: Int

    /// The marker before the metadata: `\xAB\xCD\xEF` then `MaxMind.com`.
    private static let metadataMarker: [UInt8] = [0xAB, 0xCD, 0xEF] + Array("MaxMind.com".utf8)
    /// How far from the end the metadata may start.
    private static let metadataSearchLength = 128 * 1024

    /// Reads a database from its bytes.
    /// - Parameter bytes: The file's contents.
    /// - Throws: ``MaxMindDatabaseError`` when the bytes are not a MaxMind DB of format 2 with a
    ///   24, 28 or 32-bit record size.
    public init(bytes: [UInt8]) throws(MaxMindDatabaseError) {
        self.bytes = bytes
        guard let markerStart = Self.lastMarker(in: bytes) else {
            throw MaxMindDatabaseError("no metadata: the file does not end with a MaxMind DB's metadata marker; is it an .mmdb file?")
        }
        let metadataStart = markerStart + Self.metadataMarker.count
        var decoder = Decoder(bytes: bytes, base: metadataStart, end: bytes.count)
        guard case .map(let metadata) = try decoder.value(at: metadataStart) else {
            throw MaxMindDatabaseError("the metadata is not a map", offset: metadataStart)
        }
        self.metadata = metadata
        func whole(_ key: String) throws(MaxMindDatabaseError) -> Int {
            guard let value = metadata[key]?.unsignedValue, value <= UInt64(Int32.max) else {
                throw MaxMindDatabaseError("the metadata has no \(key), or it is not a whole number", offset: metadataStart)
            }
            return Int(value)
        }
        let major = try whole("binary_format_major_version")
        guard major == 2 else { throw MaxMindDatabaseError("binary format \(major) is not read; only format 2 is") }
        nodeCount = try whole("node_count")
        recordSize = try whole("record_size")
        guard [24, 28, 32].contains(recordSize) else {
            throw MaxMindDatabaseError("a record size of \(recordSize) bits is not one the format has (24, 28 or 32)")
        }
        ipVersion = try whole("ip_version")
        guard ipVersion == 4 || ipVersion == 6 else { throw MaxMindDatabaseError("ip_version \(ipVersion) is neither 4 nor 6") }
        databaseType = metadata["database_type"]?.stringValue ?? ""
        treeSize = nodeCount * recordSize / 4
        guard treeSize + 16 <= markerStart else {
            throw MaxMindDatabaseError("the search tree of \(nodeCount) nodes is longer than the file", offset: treeSize)
        }
        var start = 0
        if ipVersion == 6 {
            for _ in 0..<96 where start < nodeCount { start = Self.record(bytes, node: start, bit: 0, recordSize: recordSize) }
        }
        ipv4Start = start
    }

    /// The record of an address: the data the most specific network holding it points to, or
    /// `nil` when the database has none (or an IPv4-only database is asked for IPv6).
    /// - Parameter address: The address's bytes: 4 for IPv4, 16 for IPv6.
    /// - Throws: ``MaxMindDatabaseError`` when the tree or the data is broken.
    public func record(for address: [UInt8]) throws(MaxMindDatabaseError) -> MaxMindValue? {
        guard let offset = try recordOffset(for: address) else { return nil }
        return try record(at: offset)
    }

    /// Where the record of an address starts in the file, or `nil` when the database has none:
    /// the walk down the search tree alone. Many networks share one record (every German network
    /// points at Germany's), so a caller may keep what it read of a record by this offset.
    /// - Parameter address: The address's bytes: 4 for IPv4, 16 for IPv6.
    /// - Throws: ``MaxMindDatabaseError`` when the tree is broken.
    public func recordOffset(for address: [UInt8]) throws(MaxMindDatabaseError) -> Int? {
        guard address.count == 4 || address.count == 16 else { return nil }
        if address.count == 16, ipVersion == 4 { return nil }
        var node = address.count == 4 ? ipv4Start : 0
        let bitCount = address.count * 8
        var bit = 0
        while bit < bitCount, node < nodeCount {
            let value = (address[bit >> 3] >> (7 - UInt8(bit & 7))) & 1
            node = Self.record(bytes, node: node, bit: Int(value), recordSize: recordSize)
            bit += 1
        }
        if node == nodeCount { return nil }
        guard node > nodeCount else { throw MaxMindDatabaseError("the walk ended inside the search tree", offset: node) }
        let offset = node - nodeCount + treeSize
        guard offset < bytes.count else { throw MaxMindDatabaseError("a record points past the end of the file", offset: offset) }
        return offset
    }

    /// The record that starts at an offset ``recordOffset(for:)`` gave.
    /// - Throws: ``MaxMindDatabaseError`` when the data is broken.
    public func record(at offset: Int) throws(MaxMindDatabaseError) -> MaxMindValue {
        var decoder = Decoder(bytes: bytes, base: treeSize + 16, end: bytes.count)
        return try decoder.value(at: offset)
    }

    /// The two-letter country of an address: the record's `country.iso_code`, else its
    /// `registered_country.iso_code` (as GeoLite2-Country and DB-IP Lite lay records out).
    /// - Parameter address: The address's bytes.
    public func countryCode(for address: [UInt8]) -> String? {
        guard let offset = try? recordOffset(for: address) else { return nil }
        return countryCode(ofRecordAt: offset)
    }

    /// The two-letter country of the record at an offset (``recordOffset(for:)``).
    public func countryCode(ofRecordAt offset: Int) -> String? {
        guard let record = try? record(at: offset) else { return nil }
        let code = record["country"]?["iso_code"]?.stringValue ?? record["registered_country"]?["iso_code"]?.stringValue
        guard let code, code.utf8.count == 2, code.utf8.allSatisfy({ (65...90).contains($0) }) else { return nil }
        return code
    }

    /// One of a node's two records: the next node, `nodeCount` for no data, or a data pointer.
    private static func record(_ bytes: [UInt8], node: Int, bit: Int, recordSize: Int) -> Int {
        let start = node * recordSize / 4
        func int(_ from: Int, _ count: Int) -> Int {
            var value = 0
            for index in from..<(from + count) { value = value << 8 | Int(bytes[index]) }
            return value
        }
        switch recordSize {
        case 24: return int(start + bit * 3, 3)
        case 28:
            let middle = Int(bytes[start + 3])
            return bit == 0 ? (middle & 0xF0) << 20 | int(start, 3) : (middle & 0x0F) << 24 | int(start + 4, 3)
        default: return int(start + bit * 4, 4)
        }
    }

    private static func lastMarker(in bytes: [UInt8]) -> Int? {
        let marker = metadataMarker
        guard bytes.count >= marker.count else { return nil }
        let lowest = max(0, bytes.count - metadataSearchLength)
        var start = bytes.count - marker.count
        while start >= lowest {
            if bytes[start] == marker[0], bytes[start..<(start + marker.count)].elementsEqual(marker) { return start }
            start -= 1
        }
        return nil
    }
}

/// Decodes the data section's values (section 3 of the specification): a control byte with the
/// type and size, then the payload; pointers resolve against `base`.
private struct Decoder {
    let bytes: [UInt8]
    let base: Int
    let end: Int
    var depth = 0
    /// How many more values one lookup may decode: pointers let a broken or hostile file make a
    /// small record stand for an enormous one, which must end in an error, not in hours of work.
    var budget = 100_000

    /// The deepest maps and arrays nest; GeoIP records nest four or five deep.
    static let maximumDepth = 64

    mutating func value(at offset: Int) throws(MaxMindDatabaseError) -> MaxMindValue {
        var position = offset
        return try value(&position, followPointers: true)
    }

    private func byte(_ position: inout Int) throws(MaxMindDatabaseError) -> Int {
        guard position < end else { throw MaxMindDatabaseError("the data ends inside a value", offset: position) }
        defer { position += 1 }
        return Int(bytes[position])
    }

    private func unsigned(_ position: inout Int, count: Int) throws(MaxMindDatabaseError) -> UInt64 {
        guard count <= 8 else { throw MaxMindDatabaseError("an integer of \(count) bytes is too long", offset: position) }
        var value: UInt64 = 0
        for _ in 0..<count { value = value << 8 | UInt64(try byte(&position)) }
        return value
    }

    private func payload(_ position: inout Int, count: Int) throws(MaxMindDatabaseError) -> ArraySlice<UInt8> {
        guard count >= 0, position + count <= end else { throw MaxMindDatabaseError("a value runs past the end of the data", offset: position) }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    private mutating func value(_ position: inout Int, followPointers: Bool) throws(MaxMindDatabaseError) -> MaxMindValue {
        let start = position
        budget -= 1
        guard budget >= 0 else { throw MaxMindDatabaseError("a record holds more than 100,000 values", offset: start) }
        let control = try byte(&position)
        var type = control >> 5
        if type == 1 {
            guard followPointers else { throw MaxMindDatabaseError("a pointer points to a pointer", offset: start) }
            let sizeBits = (control >> 3) & 0x3
            let low = control & 0x7
            let pointer: Int
            switch sizeBits {
            case 0: pointer = low << 8 | (try byte(&position))
            case 1: pointer = (low << 16 | Int(try unsigned(&position, count: 2))) + 2048
            case 2: pointer = (low << 24 | Int(try unsigned(&position, count: 3))) + 526_336
            default: pointer = Int(try unsigned(&position, count: 4))
            }
            var target = base + pointer
            guard target < end else { throw MaxMindDatabaseError("a pointer points past the end of the data", offset: start) }
            return try value(&target, followPointers: false)
        }
        if type == 0 { type = 7 + (try byte(&position)) }
        var size = control & 0x1F
        switch size {
        case 29: size = 29 + (try byte(&position))
        case 30: size = 285 + Int(try unsigned(&position, count: 2))
        case 31: size = 65_821 + Int(try unsigned(&position, count: 3))
        default: break
        }
        switch type {
        case 2:
            guard let string = String(validating: try payload(&position, count: size), as: UTF8.self) else {
                throw MaxMindDatabaseError("a string is not UTF-8", offset: start)
            }
            return .string(string)
        case 3:
            guard size == 8 else { throw MaxMindDatabaseError("a double of \(size) bytes; doubles have 8", offset: start) }
            return .double(Double(bitPattern: try unsigned(&position, count: 8)))
        case 4: return .bytes(Array(try payload(&position, count: size)))
        case 5, 6, 9:
            let most = type == 5 ? 2 : type == 6 ? 4 : 8
            guard size <= most else { throw MaxMindDatabaseError("an unsigned integer of \(size) bytes; this type has at most \(most)", offset: start) }
            return .unsigned(try unsigned(&position, count: size))
        case 10:
            guard size <= 16 else { throw MaxMindDatabaseError("a uint128 of \(size) bytes", offset: start) }
            let payload = try payload(&position, count: size)
            return .unsigned128(Array(repeating: 0, count: 16 - size) + payload)
        case 8:
            guard size <= 4 else { throw MaxMindDatabaseError("an int32 of \(size) bytes", offset: start) }
            let raw = UInt32(try unsigned(&position, count: size))
            return .signed(Int32(bitPattern: raw))
        case 14: return .bool(size != 0)
        case 15:
            guard size == 4 else { throw MaxMindDatabaseError("a float of \(size) bytes; floats have 4", offset: start) }
            return .double(Double(Float(bitPattern: UInt32(try unsigned(&position, count: 4)))))
        case 7, 11:
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { throw MaxMindDatabaseError("maps and arrays nest deeper than \(Self.maximumDepth)", offset: start) }
            // Each entry takes a byte at least: a count beyond what is left is a broken file, not an allocation to make.
            guard size <= end - position else { throw MaxMindDatabaseError("a \(type == 7 ? "map" : "array") of \(size) entries is longer than the data", offset: start) }
            if type == 11 {
                var items: [MaxMindValue] = []
                items.reserveCapacity(size)
                for _ in 0..<size { items.append(try value(&position, followPointers: true)) }
                return .array(items)
            }
            var members: [String: MaxMindValue] = [:]
            for _ in 0..<size {
                let keyStart = position
                guard case .string(let key) = try value(&position, followPointers: true) else {
                    throw MaxMindDatabaseError("a map key is not a string", offset: keyStart)
                }
                members[key] = try value(&position, followPointers: true)
            }
            return .map(members)
        default:
            throw MaxMindDatabaseError("type \(type) is not a data type of the format (or is a container or end marker out of place)", offset: start)
        }
    }
}
