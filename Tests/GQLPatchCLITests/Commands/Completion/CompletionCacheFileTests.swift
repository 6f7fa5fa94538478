import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchCompletion
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The completion cache's file format (`CompletionCacheFile`): what is written reads back as the
/// catalogue it came from, gives the same candidates, and anything damaged, foreign or stale is
/// refused (nil), never half-used.
@Suite struct CompletionCacheFileTests {
    static let selector = "cwd=/work\nschema=/work/schema.graphql"
    static let dependencies = [
        CompletionDependency(
            path: "/work/schema\tfolder%/schema.graphql",
            stamp: FileStamp(
                isPresent: true, device: 2049, inode: 77, size: 1234, modifiedSeconds: 1_700_000_000,
                modifiedNanoseconds: 123_456_789, changedSeconds: 1_700_000_001, changedNanoseconds: 5)),
        CompletionDependency(path: "/work/transform.conf.json", stamp: .absent),
    ]

    static func catalogue() throws -> ModelCatalogue {
        try CatalogueLoader.load(
            bytes: Array(CompletionCandidatesTests.schema.utf8), file: "schema.graphql", transformConfig: nil)
    }

    /// The catalogue with custom operations beside it, as a schema with some loads.
    static func source(_ catalogue: ModelCatalogue? = nil) throws -> CatalogueCompletionSource {
        CatalogueCompletionSource(catalogue: try catalogue ?? Self.catalogue()) {
            [
                CompletionOperation(
                    name: "publish",
                    arguments: [
                        .init(name: "id"), .init(name: "status", enumType: "Status"), .init(name: "input", json: true),
                    ]),
                CompletionOperation(name: "ping", arguments: []),
            ]
        }
    }

    /// The stamps recorded in `dependencies`, as if no file had changed.
    static func unchanged(_ path: String) -> FileStamp? {
        dependencies.first { $0.path == path }?.stamp
    }

    static func encoded() throws -> [UInt8] {
        try #require(CompletionCacheFile.encode(source(), selector: selector, dependencies: dependencies))
    }

    static func decode(_ bytes: [UInt8], selector: String = selector, version: String = Application.version)
        -> CompletionCacheFile?
    {
        CompletionCacheFile(bytes: bytes, selector: selector, version: version, stamp: unchanged)
    }

    @Test func roundTrip() throws {
        let catalogue = try Self.source()
        let file = try #require(Self.decode(try Self.encoded()))
        #expect(file.modelNames == catalogue.modelNames)
        #expect(file.operationNames == ["publish", "ping"])
        #expect(file.completionOperation(named: "publish") == catalogue.completionOperation(named: "publish"))
        #expect(file.completionOperation(named: "ping") == CompletionOperation(name: "ping", arguments: []))
        #expect(file.completionOperation(named: "pub") == nil)
        for name in catalogue.modelNames {
            #expect(file.completionModel(named: name) == catalogue.completionModel(named: name), "\(name)")
        }
        #expect(file.completionModel(named: "Step")?.primaryKey == ["recipeID", "rowID"])
        #expect(file.enumValues(of: "Status") == ["ACTIVE", "ARCHIVED", "DRAFT"])
        #expect(file.completionModel(named: "Nope") == nil)
        #expect(file.completionModel(named: "Ta") == nil, "a prefix of a model's name is no model")
        #expect(file.completionModel(named: "Task\tx") == nil)
        #expect(file.enumValues(of: "Stat") == nil)
    }

    @Test func theSameCandidatesAsTheCatalogue() throws {
        let catalogue = try Self.source()
        let file = try #require(Self.decode(try Self.encoded()))
        let lines = [
            "gqlpatch update ", "gqlpatch schema ", "gqlpatch update Task --set ", "gqlpatch create Task --set ",
            "gqlpatch update Task --unset ", "gqlpatch list Task --where ", "gqlpatch get Step --key ",
            "gqlpatch get Task --select title,", "gqlpatch update Task --set status=",
            "gqlpatch update Task --if status=D",
            "gqlpatch update Task --set title=", "gqlpatch call ", "gqlpatch call publish --arg ",
            "gqlpatch call publish --arg status=", "gqlpatch call publish --arg=st",
        ]
        for line in lines {
            let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            let fromCatalogue = CompletionCandidates.candidates(words: words, current: words.count - 1) { _, _ in
                catalogue
            }
            let fromFile = CompletionCandidates.candidates(words: words, current: words.count - 1) { _, _ in file }
            #expect(fromFile == fromCatalogue, "\(line)")
            #expect(!fromFile.isEmpty || line.hasSuffix("title="), "\(line)")
        }
    }

    @Test func pathsAndStampsAreKeptExactly() throws {
        var seen: [String: FileStamp] = [:]
        let file = CompletionCacheFile(bytes: try Self.encoded(), selector: Self.selector) { path in
            seen[path] = Self.unchanged(path)
            return seen[path]
        }
        #expect(file != nil)
        #expect(seen.count == 2)
        #expect(seen["/work/schema\tfolder%/schema.graphql"] == Self.dependencies[0].stamp)
    }

    @Test func aTruncatedFileIsIgnored() throws {
        let bytes = try Self.encoded()
        for length in [0, 1, 10, 40, bytes.count / 2, bytes.count - 3, bytes.count - 2, bytes.count - 1] {
            #expect(Self.decode(Array(bytes.prefix(length))) == nil, "\(length) of \(bytes.count) bytes")
        }
        #expect(Self.decode(bytes + Array("M\tX\tid\n.\n".utf8)) == nil, "longer than its header says")
    }

    @Test func garbageIsIgnored() throws {
        var generator = SystemRandomNumberGenerator()
        for size in [3, 100, 5000] {
            let noise = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Self.decode(noise) == nil)
        }
        #expect(Self.decode(Array("{\"models\": []}\n.\n".utf8)) == nil)
        let bytes = try Self.encoded()
        // A field entry that does not parse (the length still right) makes its model unknown, never a wrong field.
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: "title:scalar:0:", with: "title:scalaz:0:")
        let file = try #require(Self.decode(Array(text.utf8)))
        #expect(file.completionModel(named: "Task") == nil)
        #expect(file.completionModel(named: "Step") != nil)
    }

    @Test func anOversizedFileIsIgnored() throws {
        let bytes = try Self.encoded()
        let padded = bytes + [UInt8](repeating: 0x0A, count: CompletionCacheFile.maxBytes)
        #expect(Self.decode(padded) == nil)
        // And on disk, where the size is checked before reading.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "completion-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.cache").path
        #expect(
            FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]))
        #expect(CompletionCacheFolder.readCacheFile(path) == bytes)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(CompletionCacheFile.maxBytes + 1))
        try handle.close()
        #expect(CompletionCacheFolder.readCacheFile(path) == nil)
    }

    @Test func aWrongVersionIsIgnored() throws {
        let catalogue = try Self.source()
        let older = try #require(
            CompletionCacheFile.encode(
                catalogue, selector: Self.selector, dependencies: Self.dependencies, version: "0.0.9"))
        #expect(Self.decode(older) == nil, "another gqlpatch version")
        #expect(Self.decode(older, version: "0.0.9") != nil)
        let bytes = try Self.encoded()
        let format = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: "\(CompletionCacheFile.magic)\t\(CompletionCacheFile.formatVersion)\t",
            with: "\(CompletionCacheFile.magic)\t\(CompletionCacheFile.formatVersion + 1)\t")
        #expect(Self.decode(Array(format.utf8)) == nil, "another format version")
    }

    @Test func anotherSelectorOrAChangedFileIsIgnored() throws {
        let bytes = try Self.encoded()
        #expect(Self.decode(bytes, selector: Self.selector + "x") == nil)
        for index in Self.dependencies.indices {
            let changed = CompletionCacheFile(bytes: bytes, selector: Self.selector) { path in
                guard path == Self.dependencies[index].path else { return Self.unchanged(path) }
                var stamp = Self.dependencies[index].stamp
                if stamp.isPresent {
                    stamp.modifiedNanoseconds += 1
                } else {
                    stamp = FileStamp(isPresent: true, size: 1)
                }
                return stamp
            }
            #expect(changed == nil, "\(Self.dependencies[index].path) changed")
            let unknown = CompletionCacheFile(bytes: bytes, selector: Self.selector) { path in
                path == Self.dependencies[index].path ? nil : Self.unchanged(path)
            }
            #expect(unknown == nil, "\(Self.dependencies[index].path) cannot be stamped")
        }
    }

    @Test func aCatalogueWhoseNamesHoldSeparatorsIsNotWritten() throws {
        var catalogue = try Self.catalogue()
        catalogue.enums["Status"] = ["A\tB"]
        #expect(
            CompletionCacheFile.encode(try Self.source(catalogue), selector: Self.selector, dependencies: []) == nil)
    }
}
