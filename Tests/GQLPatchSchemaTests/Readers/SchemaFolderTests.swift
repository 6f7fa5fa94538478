import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `--schema DIR`: an Amplify `schema/` folder read as the Amplify CLI reads it (every file not starting
/// with `.`, sorted by name, subfolders where they sort, joined with a newline), each problem reported at
/// its own file's line, and the folder's listing bounded.
@Suite struct SchemaFolderTests {
    static let api = "/app/amplify/backend/api/shop"

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theFilesAreJoinedInNameOrderWithSubfoldersAndWithoutDotFiles() throws {
        let files = FileSystem.memory([
            "\(Self.api)/schema/b.graphql": Self.bytes(
                "type Post @model {\n  title: String\n  comments: [Comment] @hasMany\n}"),
            "\(Self.api)/schema/a/comment.graphql": Self.bytes("type Comment @model { text: String }\n"),
            "\(Self.api)/schema/.draft.graphql": Self.bytes("this is not GraphQL"),
            "\(Self.api)/schema/c.txt": Self.bytes("enum Color { RED }"),
        ])
        let folder = try SchemaFolder(path: "\(Self.api)/schema/", files: files, origin: .named)
        #expect(
            folder.parts.map(\.path) == [
                "\(Self.api)/schema/a/comment.graphql", "\(Self.api)/schema/b.graphql", "\(Self.api)/schema/c.txt",
            ])
        #expect(folder.parts.map(\.firstLine) == [1, 3, 7])
        let catalogue = try CatalogueLoader.load(path: "\(Self.api)/schema", files: files)
        #expect(catalogue.modelNames == ["Comment", "Post"])
        #expect(catalogue.enums["Color"] == ["RED"])
        #expect(catalogue.models["Comment"]?.field("postCommentsId") != nil)
    }

    @Test func transformConfigAndCLIJSONAreFoundAsForSchemaGraphQL() throws {
        let files = FileSystem.memory([
            "\(Self.api)/schema/todo.graphql": Self.bytes("type Todo @model { name: String }"),
            "\(Self.api)/transform.conf.json": Self.bytes(
                #"{"ResolverConfig": {"project": {"ConflictHandler": "AUTOMERGE", "ConflictDetection": "VERSION"}}}"#),
            "/app/amplify/cli.json": Self.bytes(#"{"features": {"graphqltransformer": {"transformerversion": 1}}}"#),
        ])
        let catalogue = try CatalogueLoader.load(path: "\(Self.api)/schema", files: files)
        #expect(catalogue.models["Todo"]?.isVersioned == true)
        // cli.json's transformerversion 1: the v1 list name.
        #expect(catalogue.models["Todo"]?.operations.list == "listTodos")
        #expect(catalogue.models["Todo"]?.operations.sync == "syncTodos")
    }

    @Test func aSyntaxErrorIsReportedInItsOwnFileAndLine() throws {
        let files = FileSystem.memory([
            "\(Self.api)/schema/a.graphql": Self.bytes("type A @model {\n  id: ID!\n}\n"),
            "\(Self.api)/schema/b.graphql": Self.bytes("type B @model {\n  id: ID!\n  name String\n}"),
        ])
        let error = try #require(throws: GQLPatchError.self) {
            try CatalogueLoader.load(path: "\(Self.api)/schema", files: files)
        }
        #expect(error.code == .configuration)
        #expect(error.message.hasPrefix("\(Self.api)/schema/b.graphql:3:8: error: "))
    }

    @Test func aTypeDefinedInTwoFilesNamesBoth() throws {
        let files = FileSystem.memory([
            "\(Self.api)/schema/a.graphql": Self.bytes("type A @model { id: ID! }"),
            "\(Self.api)/schema/b.graphql": Self.bytes("\n\ntype A @model { id: ID! }"),
        ])
        let error = try #require(throws: GQLPatchError.self) {
            try CatalogueLoader.load(path: "\(Self.api)/schema", files: files)
        }
        #expect(
            error.message
                == "\(Self.api)/schema/b.graphql:3:1: error: duplicate definition of type \"A\" (first defined at \(Self.api)/schema/a.graphql:1:1)"
        )
    }

    @Test func mixingGenerationsAcrossFilesNamesEachPlace() throws {
        let files = FileSystem.memory([
            "\(Self.api)/schema/a.graphql": Self.bytes("type A @model @key(fields: [\"id\"]) { id: ID! }"),
            "\(Self.api)/schema/b.graphql": Self.bytes("type B @model { id: ID! @primaryKey }"),
        ])
        let error = try #require(throws: GQLPatchError.self) {
            try CatalogueLoader.load(path: "\(Self.api)/schema", files: files)
        }
        #expect(error.message.hasPrefix("\(Self.api)/schema/b.graphql:1:25: error: the schema mixes v1"))
        #expect(error.message.contains("@key (\(Self.api)/schema/a.graphql:1:15)"))
    }

    @Test func tooManyEntriesAndAnEmptyFolderAreRefused() throws {
        var many: [String: [UInt8]] = [:]
        for n in 0...FileSystem.maxFolderEntries {
            many["/s/schema/t\(n).graphql"] = Self.bytes("type T\(n) @model { id: ID! }")
        }
        let tooMany = try #require(throws: GQLPatchError.self) {
            try CatalogueLoader.load(path: "/s/schema", files: .memory(many))
        }
        #expect(tooMany.code == .invalidInput)
        #expect(tooMany.message.hasPrefix("/s/schema holds too many entries: over 1000"))
        let empty = try #require(throws: GQLPatchError.self) {
            try CatalogueLoader.load(
                path: "/s/schema", files: .memory(["/s/schema/.hidden": []]), origin: .found)
        }
        #expect(empty.code == .configuration)
        #expect(empty.message == "cannot read /s/schema: the schema folder holds no files")
    }

    /// The real file system's listing: kinds from the entries themselves, a symbolic link neither a
    /// file nor a folder (the CLI's `lstat`), sorted by name.
    @Test func theLocalListingTellsFilesFoldersAndLinks() throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "type B @model { id: ID! }".write(
            to: directory.appendingPathComponent("b.graphql"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("a"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("c.graphql"),
            withDestinationURL: directory.appendingPathComponent("b.graphql"))
        let entries = try FileSystem.local.list(directory: directory.path)
        #expect(
            entries == [
                DirectoryEntry(name: "a", kind: .directory), DirectoryEntry(name: "b.graphql", kind: .regularFile),
                DirectoryEntry(name: "c.graphql", kind: .other),
            ])
        let notAFolder = try #require(throws: GQLPatchError.self) {
            try FileSystem.local.list(directory: directory.appendingPathComponent("b.graphql").path)
        }
        #expect(notAFolder.code == .unreadableFile)
        #expect(notAFolder.message.hasSuffix("b.graphql: it is not a folder"))
    }
}
