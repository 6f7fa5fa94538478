import Foundation
import JSON
import Testing

/// The JSON layout on stdout: compact (one line) when stdout is not a terminal, `--pretty`
/// indented, and always exactly one document.
@Suite struct OutputFormatEndToEndTests {
    struct Layout: Sendable, CustomTestStringConvertible {
        var flags: [String]
        var pretty: Bool
        var testDescription: String { flags.isEmpty ? "default (a pipe)" : flags.joined(separator: " ") }
    }

    static let layouts = [
        Layout(flags: [], pretty: false),
        Layout(flags: ["--compact"], pretty: false),
        Layout(flags: ["--pretty"], pretty: true),
        Layout(flags: ["--pretty", "--output", "envelope"], pretty: true),
        Layout(flags: ["--pretty", "--dry-run"], pretty: true),
        Layout(flags: ["--dry-run"], pretty: false),
    ]

    @Test(arguments: layouts)
    func layout(_ layout: Layout) throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair", "tags": ["a"]])
        let result = try emulator.gqlpatch(
            layout.flags + ["update", "Item", "--id", "item-1", "--set", "name=Lamp", "--set", #"tags:=["x","y"]"#])
        let document = try result.singleDocument()
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if layout.pretty {
            #expect(lines.first == "{")
            #expect(lines.last == "}")
            #expect(lines.count > 5)
            #expect(
                lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("  ") },
                "indented by two spaces:\n\(result.stdout)")
            #expect(result.stdout.contains("\n    \""), "nested values are indented further:\n\(result.stdout)")
        } else {
            #expect(result.isOneLine, "compact output is one line:\n\(result.stdout)")
        }
        let record =
            layout.flags.contains("envelope")
            ? document["data"]?["updateItem"]
            : layout.flags.contains("--dry-run")
                ? document["steps"]?.arrayValue?.first?["variables"]?["input"] : document
        #expect(record?["name"] == "Lamp")
        #expect(record?["tags"] == ["x", "y"])
    }
}
