import Foundation
import JSON

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Checks arbitrary bytes as `apply` input against the repository's `schema.graphql`: once as one
/// line, and once as a JSON Lines chunk split by `JSONLineReader` (fed in pieces) and parsed line by
/// line. Any `BatchLineError` is fine; a trap is not. A line that is accepted is written back as a
/// line from its typed operation, and that line must parse to the same operation.
///
/// The first byte chooses the parser's settings: bits 0-1 `--conflict-resolution` (auto, on, off),
/// bit 2 `--atomic`, bit 3 a versioned catalogue, bits 4-6 the chunk size fed to the reader.
enum ApplyLineFuzzTarget {
    /// The repository's schema (Amplify source SDL), read once from beside the Fuzz package.
    static let schemaPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("schema.graphql").path

    static let catalogues: [ModelCatalogue] = [nil, true].map { versioned in
        do {
            guard let data = FileManager.default.contents(atPath: schemaPath) else {
                fatalError("cannot read \(schemaPath)")
            }
            let catalogue = try CatalogueLoader.load(
                bytes: Array(data), file: "schema.graphql", transformConfig: nil, versioned: versioned)
            precondition(
                catalogue.models["Item"] != nil && catalogue.models["RecipeStep"] != nil,
                "the schema lost Item or RecipeStep")
            return catalogue
        } catch {
            fatalError("the schema does not load: \(error)")
        }
    }

    static let resolutions: [ConflictResolution] = [.auto, .on, .off, .auto]
    static let chunkSizes = [1, 2, 3, 7, 16, 64, 4096, Int.max]

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let parser = BatchLineParser(
            catalogue: catalogues[Int(first >> 3) & 1], conflictResolution: resolutions[Int(first) & 3],
            atomic: first & 4 != 0,
            wording: ApplyLineWording(run: CommandLineWording()))
        let input = Array(bytes.dropFirst())

        check(JSONLine(number: 1, bytes: input), parser)

        let lines = readLines(input, chunkSize: chunkSizes[Int(first >> 4) & 7])
        for line in lines where !line.isBlank { check(line, parser) }
    }

    /// Splits `input` with a `JSONLineReader` fed `chunkSize` bytes at a time, and checks the lines
    /// against a plain split at LF (CR before LF dropped, numbers 1, 2, ...).
    static func readLines(_ input: [UInt8], chunkSize: Int) -> [JSONLine] {
        var reader = JSONLineReader()
        var lines: [JSONLine] = []
        var start = 0
        while start < input.count {
            let end = input.count - start > chunkSize ? start + chunkSize : input.count
            lines += reader.feed(Array(input[start..<end]))
            start = end
        }
        if let last = reader.finish() { lines.append(last) }
        precondition(reader.nextLineNumber == 1, "finish() did not reset the reader")

        var expected = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if expected.last?.isEmpty == true { expected.removeLast() }
        precondition(lines.count == expected.count, "\(lines.count) lines read, \(expected.count) in the input")
        for (index, line) in lines.enumerated() {
            precondition(line.number == index + 1, "line \(index + 1) numbered \(line.number)")
            var raw = expected[index]
            if index < lines.count - 1 || input.last == UInt8(ascii: "\n"), raw.last == UInt8(ascii: "\r") {
                raw.removeLast()
            }
            precondition(line.bytes == raw, "line \(line.number) differs from the input")
        }
        return lines
    }

    /// Parses one line; an accepted line must survive being written back from its operation.
    static func check(_ line: JSONLine, _ parser: BatchLineParser) {
        let operation: BatchOperation
        do {
            operation = try parser.parse(line)
        } catch {
            precondition(error.line == line.number, "error on line \(error.line) for line \(line.number)")
            precondition(!error.message.isEmpty, "empty error message")
            if let column = error.column { precondition(column >= 1, "column \(column)") }
            return
        }
        precondition(operation.line == line.number, "operation on line \(operation.line) for line \(line.number)")
        precondition(!operation.key.isEmpty, "accepted without a key")
        precondition(
            operation.model.primaryKey.allSatisfy { operation.key[$0] != nil }, "key misses a primary-key field")
        guard let original = try? line.parse().objectValue else {
            preconditionFailure("accepted a line that is not an object")
        }

        let rewritten = rewrite(operation, original: original)
        let again: BatchOperation
        do {
            again = try parser.parse(JSONLine(number: line.number, bytes: Array(rewritten.utf8)))
        } catch {
            preconditionFailure("the rewritten line \(rewritten) is refused: \(error.message)")
        }
        precondition(again.kind == operation.kind, "kind changed in \(rewritten)")
        precondition(again.model.name == operation.model.name, "model changed in \(rewritten)")
        precondition(again.key == operation.key, "key changed in \(rewritten)")
        precondition(again.changes == operation.changes, "changes changed in \(rewritten)")
        precondition(again.condition == operation.condition, "condition changed in \(rewritten)")
        precondition(again.expectVersion == operation.expectVersion, "expectVersion changed in \(rewritten)")
        precondition(again.versioned == operation.versioned, "versioned changed in \(rewritten)")
    }

    /// The operation as an input line: typed key and changes (nulls of an update as "unset"), and the
    /// original "if" and "expectVersion".
    static func rewrite(_ operation: BatchOperation, original: JSONObject) -> String {
        var object = JSONObject()
        object["op"] = .string(operation.kind.rawValue)
        object["model"] = .string(operation.model.name)
        object["key"] = .object(operation.key)
        switch operation.kind {
        case .update, .upsert:
            var set = JSONObject()
            var unset: [JSONValue] = []
            for (name, value) in operation.changes {
                if value.isNull { unset.append(.string(name)) } else { set[name] = value }
            }
            if !set.isEmpty { object["set"] = .object(set) }
            if !unset.isEmpty { object["unset"] = .array(unset) }
        case .create:
            object["set"] = .object(operation.changes)
        case .delete, .touch:
            break
        }
        if let condition = original["if"] { object["if"] = condition }
        if let version = original["expectVersion"] { object["expectVersion"] = version }
        return JSONValue.object(object).serialized()
    }
}
