import Foundation
import Testing

/// No decision reads the text of a message gqlpatch wrote: a failure's kind (`FailureKind`), code or
/// flags carry what a decision needs. (The classifiers still read the service's own messages where
/// AppSync gives no error type; those are not `error.message`.)
@Suite struct MessageDecisionTests {
    @Test func noDecisionReadsAnErrorsMessage() throws {
        let sources = try CommandLineSpellingTests.repositoryRoot().appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 100, "the sources were found")
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(#/(error|failure)\.message\.(contains|hasPrefix|hasSuffix)/#) {
                found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "decisions read a message's text:\n\(found.joined(separator: "\n"))")
    }
}
