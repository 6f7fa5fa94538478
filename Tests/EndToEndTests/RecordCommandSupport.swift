import Foundation
import JSON
import Testing

/// Helpers shared by the end-to-end tests of the record commands.
enum RecordCommandSupport {
    /// The three-level library schema (Author -> Book -> Chapter, Author -> Profile).
    static var library: String { TestPaths.fixture("library/library.graphql") }

    /// stdout parsed as JSON Lines.
    static func lines(_ result: ProcessResult) throws -> [JSONValue] {
        try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// An export's stdout: its record lines, after checking that its first line names the export
    /// and its last one ends it (neither is a record).
    static func exportLines(_ result: ProcessResult) throws -> [JSONValue] {
        let lines = try lines(result)
        #expect(lines.first?["op"] == "export", "an export starts with its header: \(result)")
        #expect(lines.last?["op"] == "end", "an export ends with its end line: \(result)")
        return Array(lines.dropFirst().dropLast())
    }

    /// The GraphQL requests whose query contains `text`.
    static func bodies(_ emulator: Emulator, containing text: String) throws -> [JSONValue] {
        try emulator.bodies().filter { $0["query"]?.stringValue?.contains(text) == true }
    }

    /// A versioned emulator (optimistic concurrency) and the compiled schema it serves.
    static func versionedEmulator(schema: String = TestPaths.schema) throws -> (Emulator, String) {
        let emulator = try Emulator(
            schema: schema, arguments: ["--api-key", Emulator.apiKey, "--conflict-handler", "optimistic"])
        let compiled = try Emulator.compiledSchema(
            source: schema, arguments: ["--conflict-handler", "optimistic"], into: emulator.folder)
        return (emulator, compiled)
    }

    /// Every record of `models` as `list` prints it, without the timestamps the server sets, by
    /// model then id (for comparing two emulators' data).
    static func records(_ emulator: Emulator, schema: String, models: [String]) throws -> [String: [JSONValue]] {
        var all: [String: [JSONValue]] = [:]
        for model in models {
            let result = try emulator.gqlpatch(["list", model], schema: schema)
            #expect(result.status == 0, "\(result)")
            all[model] = try lines(result).map { line in
                var record = line.objectValue ?? JSONObject()
                _ = record.removeValue(forKey: "createdAt")
                _ = record.removeValue(forKey: "updatedAt")
                return .object(record)
            }.sorted { $0["id"]?.stringValue ?? "" < $1["id"]?.stringValue ?? "" }
        }
        return all
    }
}
