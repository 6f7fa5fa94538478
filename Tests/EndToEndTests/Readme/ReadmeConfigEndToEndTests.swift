import Foundation
import JSON
import Testing

/// The README's example config files are the fixtures beside them (`Tests/Fixtures/readme/`), byte
/// for byte, and each one, pointed at the emulator, is all a project folder needs beside its schema.
@Suite struct ReadmeConfigEndToEndTests {
    static let names = ["amplify_outputs.json", "amplifyconfiguration.json"]

    /// The README's ```json blocks, in order.
    static var blocks: [String] {
        let readme = ReadmeExamplesEndToEndTests.readme
        var blocks: [String] = []
        var rest = readme[...]
        while let start = rest.range(of: "\n```json\n") {
            guard let end = rest[start.upperBound...].range(of: "\n```\n") else { break }
            blocks.append(String(rest[start.upperBound..<end.lowerBound]) + "\n")
            rest = rest[end.upperBound...]
        }
        return blocks
    }

    @Test(arguments: names) func theExampleIsTheFixtureAndWorks(name: String) throws {
        let fixture = try String(contentsOfFile: TestPaths.fixture("readme/\(name)"), encoding: .utf8)
        #expect(Self.blocks.contains(fixture), "README.md shows \(name) as Tests/Fixtures/readme/\(name) holds it")
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "42", "name": "Lamp"])
        let project = emulator.folder.appendingPathComponent("project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestPaths.schema, toPath: project.appendingPathComponent("schema.graphql").path)
        let pointed = fixture.replacingOccurrences(
            of: "https://abcdefghijklmnopqrstuvwxyz.appsync-api.eu-west-1.amazonaws.com/graphql",
            with: emulator.endpoint
        ).replacingOccurrences(of: "da2-abcdefghijklmnopqrstuvwxyz", with: Emulator.apiKey)
        #expect(pointed != fixture)
        try pointed.write(to: project.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let read = try GQLPatchRun.run(["get", "Item", "--id", "42"], in: project)
        #expect(read.status == 0, "\(read)")
        #expect(try read.json()["name"] == "Lamp")
    }
}
