import Testing

@testable import DeepLinkFirebase

struct CSVReaderTests {
    func fields(_ text: String) throws -> [[String]] {
        try CSVReader.records(in: text).map(\.fields)
    }

    @Test func readsQuotedFieldsWithCommasDoubledQuotesAndLineBreaks() throws {
        let text = "a,\"b, c\",\"say \"\"hi\"\"\",\"one\r\ntwo\"\r\n"
        #expect(try fields(text) == [["a", "b, c", "say \"hi\"", "one\r\ntwo"]])
    }

    @Test(arguments: ["a,b\r\nc,d\r\n", "a,b\nc,d\n", "a,b\rc,d", "\u{FEFF}a,b\r\nc,d"])
    func acceptsEveryLineBreakAndAByteOrderMark(text: String) throws {
        #expect(try fields(text) == [["a", "b"], ["c", "d"]])
    }

    /// The reader works on UTF-8 bytes: characters of several bytes, combining marks and a CRLF
    /// that Swift counts as one character must come through whole.
    @Test func keepsCharactersOfSeveralBytesWholeInQuotedAndUnquotedFields() throws {
        let text = "\u{FEFF}Café,\"Soldes d’été, 🎉\",e\u{301}\r\n\"日本語\r\nテキスト\",x,\"\"\r\n"
        #expect(try fields(text) == [["Café", "Soldes d’été, 🎉", "e\u{301}"], ["日本語\r\nテキスト", "x", ""]])
    }

    @Test func numbersRecordsByTheLineTheyStartOnPastQuotedLineBreaks() throws {
        let records = try CSVReader.records(in: "h1,h2\r\n\"x\r\ny\ny\",1\r\nz,2\r\n")
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test func keepsEmptyFieldsButDropsBlankLines() throws {
        #expect(try fields("a,,\r\n\r\n,\"\",b\n\n") == [["a", "", ""], ["", "", "b"]])
        #expect(try fields("a,") == [["a", ""]])
        #expect(try fields("").isEmpty)
    }

    @Test(arguments: [
        ("a,b\nc,\"d\n\ne", 2, "never closed"),
        ("a,b\nc,d\"e\n", 2, "a quote inside an unquoted field"),
        ("a,b\n\"c\nc\"x,d\n", 3, "text after the closing quote"),
    ])
    func reportsMalformedCSVWithItsLine(text: String, line: Int, message: String) throws {
        let error = #expect(throws: FirebaseLinkError.self) { try CSVReader.records(in: text) }
        #expect(error?.code == .malformedCSV)
        #expect(error?.line == line)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }
}
