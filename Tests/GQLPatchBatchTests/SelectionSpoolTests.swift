import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchSupport

/// The keys a selection picked, spooled to a file and read back as a batch's source.
@Suite struct SelectionSpoolTests {
    private func keys(_ source: SelectionSource) async throws -> [JSONObject] {
        var keys: [JSONObject] = []
        while let entry = try await source.next() {
            guard case .operation(let operation) = entry else { continue }
            keys.append(operation.key)
        }
        return keys
    }

    /// A private spool has no name in the folder while it is written or read.
    @Test func aPrivateSpoolLeavesNothingInItsFolder() async throws {
        let folder = try BatchFixture.folder()
        let spool = try SelectionSpool.create(keeping: nil, folder: folder.path, wording: SourceNameWording())
        for index in 0..<5_000 { try spool.append(["id": .string("r\(index)")]) }
        try spool.seal()
        #expect(spool.count == 5_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let model = try #require(try BatchFixture.catalogue().models["Item"])
        let write = SelectionWrite(kind: .touch, model: model, versioned: false)
        let read = try await keys(try SelectionSource(spool: spool, write: write, journaled: false))
        #expect(read.count == 5_000 && read.first == ["id": "r0"] && read.last == ["id": "r4999"])
    }

    /// A kept spool is put in place whole, read again by a resumed run, and never written over.
    @Test func aKeptSpoolIsPutInPlaceWholeAndNeverWrittenOver() throws {
        let folder = try BatchFixture.folder()
        let path = folder.appendingPathComponent("run.journal.keys").path
        let spool = try SelectionSpool.create(keeping: path, folder: folder.path, wording: SourceNameWording())
        try spool.append(["id": "a"])
        try spool.append(["id": "b"])
        #expect(!FileManager.default.fileExists(atPath: path))
        try spool.seal()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"id\":\"a\"}\n{\"id\":\"b\"}\n")
        #expect(try SelectionSpool.resumed(kept: path).count == 2)
        let error = RecordCommandFixtures.error { () throws(GQLPatchError) in
            try SelectionSpool.create(keeping: path, folder: folder.path, wording: SourceNameWording())
        }
        #expect(error?.code == .usage)
        #expect(
            error?.message.hasPrefix("\(path) already exists (the keys a run selected, beside its journal)") == true)
        let missing = RecordCommandFixtures.error { () throws(GQLPatchError) in
            try SelectionSpool.resumed(kept: path + ".gone")
        }
        #expect(missing?.code == .unreadableFile)
        #expect(missing?.message.hasPrefix("cannot read \(path).gone: ") == true)
    }

    /// A line that is not one of the model's keys stops the run, named by its place.
    @Test func aDamagedKeyLineIsRefused() async throws {
        let folder = try BatchFixture.folder()
        let path = folder.appendingPathComponent("j.keys").path
        try "{\"id\":\"a\"}\n{\"name\":\"x\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let model = try #require(try BatchFixture.catalogue().models["Item"])
        let source = try SelectionSource(
            spool: try SelectionSpool.resumed(kept: path),
            write: SelectionWrite(kind: .delete, model: model, versioned: false),
            journaled: true)
        _ = try await source.next()
        do {
            _ = try await source.next()
            Issue.record("a damaged line was read as a key")
        } catch {
            #expect(error.code == .invalidInput)
            #expect(error.message.hasPrefix("\(path):2: error: not a key of Item"))
        }
    }

    /// A cascade's lines: every delete of one tree in one group (run in order), the selection's
    /// condition on the selected record's own delete only; a line of a model the cascade cannot
    /// reach is refused.
    @Test func aCascadesLinesGroupEachTreeAndGuardItsRoot() async throws {
        let folder = try BatchFixture.folder()
        let path = folder.appendingPathComponent("c.keys").path
        let lines = [
            #"{"model":"RecipeStep","key":{"recipeID":"r1","rowID":1},"group":"Recipe r1"}"#,
            #"{"model":"Recipe","key":{"id":"r1"},"group":"Recipe r1","root":true}"#,
            #"{"model":"Nope","key":{"id":"x"},"group":"g"}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let catalogue = try BatchFixture.catalogue()
        let recipe = try #require(catalogue.models["Recipe"])
        var write = SelectionWrite(kind: .delete, model: recipe, versioned: false)
        write.condition = ["name": ["eq": "old"]]
        for (name, model) in catalogue.models { write.cascadeModels[name] = (model, false) }
        let source = try SelectionSource(spool: try SelectionSpool.resumed(kept: path), write: write, journaled: true)
        guard case .operation(let step) = try await source.next(), case .operation(let root) = try await source.next()
        else {
            Issue.record("the cascade's lines were not read as operations")
            return
        }
        #expect(step.model.name == "RecipeStep" && step.condition == nil && step.identity == "Recipe r1")
        #expect(root.model.name == "Recipe" && root.condition == write.condition && root.identity == "Recipe r1")
        #expect(step.selected && root.selected && step.kind == .delete && !step.digest.isEmpty)
        do {
            _ = try await source.next()
            Issue.record("a model the cascade cannot reach was read")
        } catch {
            #expect(error.code == .invalidInput)
            #expect(error.message.hasPrefix("\(path):3: error: not a record of the cascade"))
        }
    }

    /// Each operation carries the selection as its condition, is marked as picked by it, and has a
    /// digest that changes with the write, so a run resumed with another change is refused.
    @Test func theOperationCarriesTheSelectionAndADigestOfTheWrite() throws {
        let model = try #require(try BatchFixture.catalogue().models["Item"])
        var write = SelectionWrite(kind: .update, model: model, versioned: false)
        write.changes = ["name": "x"]
        write.condition = ["description": ["eq": "d"]]
        let bytes = Array(#"{"id":"a"}"#.utf8)
        let operation = write.operation(line: 3, key: ["id": "a"], bytes: bytes, journaled: true)
        #expect(operation.selected && operation.condition == write.condition && operation.line == 3)
        var other = write
        other.changes = ["name": "y"]
        #expect(other.operation(line: 3, key: ["id": "a"], bytes: bytes, journaled: true).digest != operation.digest)
        #expect(write.operation(line: 3, key: ["id": "a"], bytes: bytes, journaled: false).digest.isEmpty)
    }
}
