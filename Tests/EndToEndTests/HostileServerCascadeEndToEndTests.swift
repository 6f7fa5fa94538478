import Foundation
import JSON
import Testing

/// `delete --cascade` against a server whose child reads cannot be trusted: a child that does not
/// belong to its parent, a null child list, or pages that go round in a cycle stop the cascade
/// before anything is deleted (exit 76, nothing sent but reads).
@Suite struct HostileServerCascadeEndToEndTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var root: [String]
        /// The answer to each relationship read: (field, parent key) -> the field's value.
        var children: CascadeReplies.Children
        var stderr: String

        var description: String { name }
    }

    /// A one-page child list.
    static func chapters(_ items: JSONValue) -> JSONValue { ["items": items, "nextToken": .null] }

    static let cases: [Case] = [
        Case(
            name: "a child whose key names another parent", root: ["Book", "--id", "b1"],
            children: { field, _ in
                field == "chapters" ? chapters([["bookID": "VICTIM", "number": 1, "_deleted": .null]]) : nil
            },
            stderr:
                "gqlpatch: error: reading Book id=b1 chapters: the server returned Chapter bookID=VICTIM number=1 with bookID=VICTIM as a child of Book id=b1 (bookID must be b1); nothing was deleted"
        ),
        Case(
            name: "a child whose reference field names another parent", root: ["Author", "--id", "a1"],
            children: { field, _ in
                field == "books"
                    ? ["items": [["id": "b9", "authorID": "VICTIM", "_deleted": .null]], "nextToken": .null] : nil
            },
            stderr:
                "gqlpatch: error: reading Author id=a1 books: the server returned Book id=b9 with authorID=VICTIM as a child of Author id=a1 (authorID must be a1); nothing was deleted"
        ),
        Case(
            name: "a child without the reference field", root: ["Book", "--id", "b1"],
            children: { field, _ in field == "chapters" ? chapters([["number": 1]]) : nil },
            stderr:
                "gqlpatch: error: reading Book id=b1 chapters: the server returned Chapter bookID=null number=1 with bookID=null as a child of Book id=b1 (bookID must be b1); nothing was deleted"
        ),
        Case(
            name: "items: null", root: ["Book", "--id", "b1"],
            children: { field, _ in field == "chapters" ? ["items": .null, "nextToken": .null] : nil },
            stderr:
                "gqlpatch: error: reading Book id=b1 chapters: the server returned no items list (null); nothing was deleted"
        ),
        Case(
            name: "a null connection", root: ["Book", "--id", "b1"],
            children: { _, _ in nil },
            stderr:
                "gqlpatch: error: reading Book id=b1 chapters: the server returned null instead of the list of Chapter records; nothing was deleted"
        ),
        Case(
            name: "an item that is not an object", root: ["Book", "--id", "b1"],
            children: { field, _ in field == "chapters" ? chapters([.null]) : nil },
            stderr:
                "gqlpatch: error: reading Book id=b1 chapters: the server returned null where a Chapter record was expected; nothing was deleted"
        ),
        Case(
            name: "the same page token again", root: ["Book", "--id", "b1"],
            children: { field, parent in
                guard field == "chapters" else { return nil }
                let number = parent["nextToken"] == nil ? 1 : 2
                return [
                    "items": [["bookID": "b1", "number": .int(number)]], "nextToken": "page-token-0123456789-abcdef",
                ]
            },
            stderr:
                "gqlpatch: error: reading Book id=b1 chapters: the server returned nextToken page…cdef a second time, on page 2 (the pages go round in a cycle); stopped; nothing was deleted"
        ),
    ]

    @Test(arguments: cases)
    func aChildListThatCannotBeTrustedDeletesNothing(_ item: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-cascade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ScriptedServer(respond: CascadeReplies.responder(children: item.children))
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", RecordCommandSupport.library,
                "delete",
            ] + item.root + ["--cascade"], in: folder, timeout: 20)
        result.expectFailure(76, item.stderr)
        #expect(!result.stderr.contains("page-token-0123456789-abcdef"), "the page token is shown whole: \(result)")
        let operations = try server.received.map { try JSONValue.parse($0)["operationName"]?.stringValue ?? "?" }
        #expect(!operations.contains { $0.hasPrefix("Delete") }, "a delete was sent: \(operations)")
    }

    /// A compiled schema that does not name the child's key fields: the child's reference back to
    /// the parent (`book { id }`) is read and checked instead.
    @Test func aCompiledSchemaChecksTheReferenceBackToTheParent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-cascade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = try Emulator.compiledSchema(source: RecordCommandSupport.library, into: folder)
        let server = try ScriptedServer(
            respond: CascadeReplies.responder(children: { field, _ in
                field == "chapters" ? Self.chapters([["bookID": "b1", "number": 1, "book": ["id": "VICTIM"]]]) : nil
            }))
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "delete", "Book",
                "--id", "b1", "--cascade",
            ],
            in: folder)
        result.expectFailure(
            76,
            "gqlpatch: error: reading Book id=b1 chapters: the server returned Chapter bookID=b1 number=1 with book.id=VICTIM as a child of Book id=b1 (book.id must be b1); nothing was deleted"
        )
        let children = try server.received.map { try JSONValue.parse($0) }.filter { $0["operationName"] == "Children" }
        #expect(children.first?["query"]?.stringValue?.contains("book { id }") == true, "\(children)")
    }

    /// Neither the relationship nor the child says how a child refers to its parent: refused before
    /// anything is sent.
    @Test func aRelationshipThatCannotBeCheckedIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-cascade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiled = try String(
            contentsOfFile: try Emulator.compiledSchema(source: RecordCommandSupport.library, into: folder),
            encoding: .utf8)
        let withoutBack = compiled.replacingOccurrences(of: "\n  book: Book\n", with: "\n")
        try #require(withoutBack != compiled)
        let schema = folder.appendingPathComponent("no-back.graphql")
        try withoutBack.write(to: schema, atomically: true, encoding: .utf8)
        let server = try ScriptedServer(respond: CascadeReplies.responder(children: { _, _ in nil }))
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", schema.path, "delete", "Book",
                "--id", "b1", "--cascade",
            ],
            in: folder)
        result.expectFailure(78, "gqlpatch: error: --cascade: ")
        #expect(
            result.stderr.contains(
                "does not say which fields of Chapter hold Book's key (Book.chapters), and Chapter has no single field back to Book"
            ), "\(result)")
        #expect(server.received.isEmpty)
    }

    /// The control: children that belong to their parent are deleted, then the parent.
    @Test func childrenOfTheirParentAreDeleted() throws {
        let server = try ScriptedServer(
            respond: CascadeReplies.responder(children: { field, parent in
                field == "chapters"
                    ? Self.chapters([["bookID": parent["id"] ?? .null, "number": 1, "_deleted": .null]]) : nil
            }))
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", RecordCommandSupport.library,
                "delete", "Book", "--id", "b1", "--cascade",
            ])
        #expect(result.status == 0, "\(result)")
        let lines = try RecordCommandSupport.lines(result)
        #expect(lines.map { $0["key"] } == [["bookID": "b1", "number": 1], ["id": "b1"]])
    }
}
