import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct BatchLineSourceTests {
    @Test func blankLinesKeepTheNumbersAndRewindStartsOver() throws {
        let path = try BatchFixture.folder().appendingPathComponent("in.jsonl").path
        try "{\"a\":1}\n\n   \r\n{\"b\":2}\r\n{\"c\":3}".write(toFile: path, atomically: true, encoding: .utf8)
        let source = try BatchLineSource(path: path)
        var seen: [(Int, String)] = []
        while let line = try source.next() {
            if !line.isBlank { seen.append((line.number, line.text)) }
        }
        #expect(seen.map(\.0) == [1, 4, 5])
        #expect(seen.map(\.1) == [#"{"a":1}"#, #"{"b":2}"#, #"{"c":3}"#])
        try source.rewind()
        #expect(try source.next()?.number == 1)
    }

    @Test func missingFile() throws {
        let error = try #require(throws: GQLPatchError.self) { try BatchLineSource(path: "/nonexistent/in.jsonl") }
        #expect(error.code == .unreadableFile)
        #expect(error.message == "cannot read /nonexistent/in.jsonl: no such file")
    }
}
