import DeepLinkCore
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
