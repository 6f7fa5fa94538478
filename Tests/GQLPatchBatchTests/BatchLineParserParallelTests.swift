import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchOperations
@testable import GQLPatchSupport

/// `parseAll`, the whole-file check's parse on every core: each line's result in input order, good
/// and bad lines alike, the same as parsing one line at a time.
@Suite struct BatchLineParserParallelTests {
    @Test(arguments: [10, 1000])
    func parseAllKeepsTheOrderAndMatchesOneByOne(count: Int) throws {
        let parser = BatchLineParser(
            catalogue: try BatchFixture.catalogue(), conflictResolution: .auto, atomic: false,
            wording: ApplyLineWording(run: SourceNameWording()))
        let lines = (1...count).map { number in
            let text =
                number % 7 == 0
                ? #"{"op":"update","model":"Nope","key":{"id":"x"}}"#
                : #"{"op":"update","model":"Item","key":{"id":"i-\#(number)"},"set":{"name":"n \#(number)"}}"#
            return JSONLine(number: number, bytes: Array(text.utf8))
        }
        let results = parser.parseAll(lines)
        #expect(results.count == count)
        for (line, result) in zip(lines, results) {
            let single = Result { () throws(BatchLineError) in try parser.parse(line) }
            switch (result, single) {
            case (.success(.operation(let operation)), .success(let expected)):
                #expect(operation.line == line.number)
                #expect(operation.key == expected.key)
                #expect(operation.changes == expected.changes)
            case (.failure(let error), .failure(let expected)):
                #expect(error == expected)
                #expect(error.line == line.number)
            default:
                Issue.record("line \(line.number): \(result) but one by one \(single)")
            }
        }
        #expect(results.filter { if case .failure = $0 { true } else { false } }.count == count / 7)
    }
}
