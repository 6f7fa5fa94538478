import Foundation
import JSON
import Testing

extension ProcessResult {
    /// A success: exit 0 and stdout exactly one JSON document followed by one newline. Returns it.
    func singleDocument(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        #expect(status == 0, "\(self)", sourceLocation: sourceLocation)
        #expect(stdout.hasSuffix("\n"), "stdout ends with a newline", sourceLocation: sourceLocation)
        return try JSONValue.parse(stdout)
    }

    /// A failure: this exit code, stderr starting with `message`, nothing on stdout.
    func expectFailure(_ code: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == code, "\(self)", sourceLocation: sourceLocation)
        #expect(
            stderr.hasPrefix(message), "stderr should start with \(message)\n\(self)", sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, "stdout must stay empty on failure\n\(self)", sourceLocation: sourceLocation)
    }

    /// True when stdout is one line (compact JSON).
    var isOneLine: Bool { stdout.hasSuffix("\n") && !stdout.dropLast().contains("\n") }
}
