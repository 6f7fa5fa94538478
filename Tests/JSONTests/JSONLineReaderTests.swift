import JSON
import Testing

@Suite struct JSONLineReaderTests {
    /// Feeds `input` in chunks of `chunkSize` bytes and returns every line as text with its number.
    private func split(_ input: String, chunkSize: Int) -> [String] {
        let bytes = Array(input.utf8)
        var reader = JSONLineReader()
        var lines: [JSONLine] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            lines += reader.feed(Array(bytes[start..<end]))
            start = end
        }
        if let last = reader.finish() { lines.append(last) }
        return lines.map { "\($0.number):\($0.text)" }
    }

    @Test(arguments: 1...12)
    func splitsTheSameWayWhateverTheChunkSize(chunkSize: Int) {
        let input = "{\"a\":1}\r\n[2, \"é😀\"]\n\n  \r\n\"last\""
        #expect(split(input, chunkSize: chunkSize) == ["1:{\"a\":1}", "2:[2, \"é😀\"]", "3:", "4:  ", "5:\"last\""])
    }

    @Test(arguments: [1, 2, 3, 100])
    func crlfSplitBetweenChunks(chunkSize: Int) {
        #expect(split("ab\r\ncd\r\n", chunkSize: chunkSize) == ["1:ab", "2:cd"])
    }

    @Test func finalNewlineGivesNoExtraLine() {
        #expect(split("1\n2\n", chunkSize: 100) == ["1:1", "2:2"])
        #expect(split("1\n2", chunkSize: 100) == ["1:1", "2:2"])
        #expect(split("", chunkSize: 100) == [])
        #expect(split("\n", chunkSize: 100) == ["1:"])
    }

    @Test func loneCarriageReturnStaysInTheLine() {
        #expect(split("a\rb\nc\r", chunkSize: 100) == ["1:a\rb", "2:c\r"])
    }

    @Test func emptyChunksAndReuseAfterFinish() {
        var reader = JSONLineReader()
        #expect(reader.feed([]) == [])
        #expect(reader.feed(Array("x".utf8)) == [])
        #expect(reader.feed([]) == [])
        #expect(reader.feed(Array("y\nz".utf8)) == [JSONLine(number: 1, bytes: Array("xy".utf8))])
        #expect(reader.nextLineNumber == 2)
        #expect(reader.finish() == JSONLine(number: 2, bytes: Array("z".utf8)))
        #expect(reader.finish() == nil)
        #expect(reader.feed(Array("again\n".utf8)) == [JSONLine(number: 1, bytes: Array("again".utf8))])
    }

    @Test func manyLinesInOneChunk() {
        let input = (1...1000).map { "{\"n\":\($0)}\n" }.joined()
        var reader = JSONLineReader()
        let lines = reader.feed(Array(input.utf8))
        #expect(lines.count == 1000)
        #expect(lines.last?.number == 1000)
        #expect(reader.finish() == nil)
        #expect(throws: Never.self) {
            let values = try lines.map { line throws(JSONParseError) in try line.parse() }
            #expect(values[999] == ["n": 1000])
        }
    }

    @Test func blankLines() {
        #expect(JSONLine(number: 1, bytes: []).isBlank)
        #expect(JSONLine(number: 1, bytes: Array(" \t\r".utf8)).isBlank)
        #expect(!JSONLine(number: 1, bytes: Array(" 1".utf8)).isBlank)
    }

    @Test func parseErrorsCarryTheLineNumber() {
        var reader = JSONLineReader()
        let lines = reader.feed(Array("{\"a\":1}\r\n{\"a\":}\n".utf8))
        #expect(throws: Never.self) { try lines[0].parse() }
        #expect(throws: JSONParseError(line: 2, column: 6, message: "unexpected character \"}\"")) {
            try lines[1].parse()
        }
        #expect(throws: JSONParseError(line: 7, column: 1, message: "unexpected end of input")) {
            try JSONLine(number: 7, bytes: []).parse()
        }
    }
}
