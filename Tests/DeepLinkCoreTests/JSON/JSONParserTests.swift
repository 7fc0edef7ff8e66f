@testable import DeepLinkCore
import DeepLinkTesting
import Testing

struct JSONParserTests {
    @Test func readsEveryKindOfValueWithItsLocation() throws {
        let root = try JSONParser.parse("{\n  \"a\": [1, -2.5e3, true, false, null],\n  \"b\": \"x\\ny\\u00e9\\ud83d\\ude00\"\n}")
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(members[1].value.location == SourceLocation(line: 3, column: 8))
        #expect(members[1].value.path.description == "b")
        #expect(root.plainValue == ["a": [1, -2500, true, false, nil], "b": "x\nyé😀"])
    }

    @Test func givesNestedValuesTheirPathsAndLocationsFromTheFlatDocument() throws {
        let root = try JSONParser.parse("{\"a\": [{\"b\": [1, {\"c\": null}]}, []],\n \"d\": {}}")
        let members = try root.readObject().members
        let a = try members[0].value.readArray()
        #expect(a.count == 2)
        #expect(try a[1].readArray().isEmpty)
        let b = try a[0].readObject().required("b").readArray()
        let c = try #require(try b[1].readObject().members.first)
        #expect(c.value.isNull)
        #expect(!b[0].isNull)
        #expect(c.value.path.description == "a[0].b[1].c")
        #expect(c.keyLocation == SourceLocation(line: 1, column: 19))
        #expect(c.value.location == SourceLocation(line: 1, column: 24))
        #expect(members[1].value.path.description == "d")
        #expect(members[1].value.location == SourceLocation(line: 2, column: 7))
        #expect(try members[1].value.readObject().members.isEmpty)
        #expect(root.path.description == "(root)")
    }

    @Test(arguments: ["a", "b", "c", "d", "e"])
    func detachesAValueWithItsPathsAndLocationsAndNothingElse(key: String) throws {
        let text = """
            {"before": ["x", {"y": "z"}], "a": {"k": [1, "two", {"three": null, "four": [[], {}]}], "s": "t"},
             "b": [], "c": "text", "d": [["p"], {"q": {"r": ["s"]}}], "e": 5, "after": {"u": ["v"]}}
            """
        let root = try JSONParser.parse(text)
        let original = try root.readObject().required(key)
        let detached = original.detached()
        #expect(detached == original)
        #expect(detached.value == original.value)
        #expect(detached.plainValue == original.plainValue)
        #expect(detached.document.records.count < root.document.records.count)
        #expect(!detached.document.strings.contains("after") && !detached.document.strings.contains("before"))
        func walk(_ left: JSONNode, _ right: JSONNode) {
            #expect(left.path == right.path)
            #expect(left.location == right.location)
            #expect(left.kindDescription == right.kindDescription)
            switch (left.value, right.value) {
            case (.array(let leftElements), .array(let rightElements)):
                #expect(leftElements.count == rightElements.count)
                for (l, r) in zip(leftElements, rightElements) { walk(l, r) }
            case (.object(let leftMembers), .object(let rightMembers)):
                #expect(leftMembers.map(\.key) == rightMembers.map(\.key))
                #expect(leftMembers.map(\.keyLocation) == rightMembers.map(\.keyLocation))
                for (l, r) in zip(leftMembers, rightMembers) { walk(l.value, r.value) }
            default:
                #expect(left.value == right.value)
            }
        }
        walk(detached, original)
    }

    @Test func comparesNodesByContentAcrossDocuments() throws {
        let text = #"{"a": [1, "x", {"b": true}]}"#
        let first = try JSONParser.parse(text)
        let second = try JSONParser.parse(text)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != (try JSONParser.parse(#"{"a": [1, "x", {"b": false}]}"#)))
        #expect(first != (try JSONParser.parse(#" {"a": [1, "x", {"b": true}]}"#)))
    }

    @Test func keepsDuplicateKeysSoReadersCanReportThem() throws {
        let root = try JSONParser.parse(#"{"a": 1, "a": 2}"#)
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.count == 2)
        #expect(throws: ConfigError.self) { try root.readObject() }
    }

    @Test func countsColumnsInCharactersNotBytes() throws {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{\"é\": x}") }
        #expect(error?.location == SourceLocation(line: 1, column: 7))
    }

    @Test(arguments: [
        ("", 1, 1, "the document is empty"),
        ("{\"a\": 1,}", 1, 9, "trailing comma before '}'"),
        ("[1,]", 1, 4, "trailing comma before ']'"),
        ("{\n\"a\" 1}", 2, 5, "expected ':' after the member name"),
        ("{'a': 1}", 1, 2, "expected a member name in double quotes"),
        ("[01]", 1, 3, "numbers must not have leading zeros"),
        ("\"abc", 1, 5, "unterminated string"),
        ("\"a\\qb\"", 1, 4, "invalid escape sequence '\\q'"),
        ("[1] 2", 1, 5, "after the end of the document"),
        ("[tru]", 1, 2, "expected a value"),
        ("\"\\ud800\"", 1, 8, "unpaired UTF-16 surrogate"),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
    ])
    func rejectsInvalidJSONWithLineAndColumn(text: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        #expect(error?.location == SourceLocation(line: line, column: column))
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONParser.parse("\u{FEFF}[1]").plainValue == [1])
    }

    @Test func writesSortedCompactJSONThatReadsBack() throws {
        let value: JSONValue = ["b": [1, 2.5, "x/y\"z"], "a": nil, "c": ["d": true]]
        #expect(value.jsonText == #"{"a":null,"b":[1,2.5,"x/y\"z"],"c":{"d":true}}"#)
        #expect(try JSONValue(parsing: JSONWriter.write(value, pretty: true)) == value)
    }

    @Test func writesPathsTheWayUsersReadThem() {
        let path = JSONPath.root.appending(key: "routes").appending(key: "sales/:saleId").appending(key: "handlers").appending(index: 2)
        #expect(path.description == #"routes["sales/:saleId"].handlers[2]"#)
        #expect(JSONPath.root.description == "(root)")
    }
}

struct JSONRoundTripTests {
    static func randomValue(depth: Int, using generator: inout some RandomNumberGenerator) -> JSONValue {
        let scalars: [Character] = Array("ab \"\\/\n\t\u{0}\u{1F}é日👍") + ["e\u{301}"]
        switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 8)
        case 3, 4:
            return .string(String((0..<Int.random(in: 0...6, using: &generator)).map { _ in scalars.randomElement(using: &generator)! }))
        case 5: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(depth: depth - 1, using: &generator) })
        default:
            var object: [String: JSONValue] = [:]
            for index in 0..<Int.random(in: 0...3, using: &generator) {
                object["k\(index)\(scalars.randomElement(using: &generator)!)"] = randomValue(depth: depth - 1, using: &generator)
            }
            return .object(object)
        }
    }

    @Test func readsBackWhatItWritesForGeneratedValues() throws {
        var generator = SeededRandomNumberGenerator()
        for _ in 0..<500 {
            let value = Self.randomValue(depth: 3, using: &generator)
            #expect(try JSONValue(parsing: JSONWriter.write(value)) == value, "\(generator)")
            #expect(try JSONValue(parsing: JSONWriter.write(value, pretty: true)) == value, "\(generator)")
        }
    }

    @Test func neverCrashesOnMangledInput() {
        var generator = SeededRandomNumberGenerator()
        let seed = #"{"routes": {"a/:b": {"class": "C", "handlers": ["x"], "routeParameters": {"b": {"regex": "[0-9]+", "required": true}}}}}"#
        for _ in 0..<2_000 {
            var bytes = Array(seed.utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(UInt8.random(in: 0x20...0x7E, using: &generator), at: index)
                default: bytes[index] = UInt8.random(in: 0...0xFF, using: &generator)
                }
            }
            // Either a config or errors with a location; never a crash.
            let report = DeepLinkConfig.diagnose(String(decoding: bytes, as: UTF8.self))
            #expect(report.config != nil || !report.errors.isEmpty, "\(generator)")
        }
    }
}
