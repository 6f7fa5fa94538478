import GQLPatchSchema
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchUndo

/// What undo makes of one logged write and the record as it is now.
@Suite struct UndoJudgeTests {
    private func judge(versioned: Bool) throws -> UndoJudge {
        let catalogue = try BatchFixture.catalogue(versioned: versioned)
        return UndoJudge(catalogue: catalogue, model: try #require(catalogue.models["Item"]))
    }

    private func entry(
        _ write: String, before: JSONObject?, fields: [String] = [], sends: JSONObject? = nil,
        outcome: UndoLogEntry.Outcome
    ) -> UndoLogEntry {
        UndoLogEntry(
            line: 3, run: "r", entry: 1, endpoint: "e", write: write, model: "Item", key: ["id": "1"], before: before,
            fields: fields, sends: sends, outcome: outcome, digest: "d")
    }

    static let before: JSONObject = [
        "id": "1", "name": "Chair", "tags": ["a"], "updatedAt": "2026-01-01T00:00:00.000Z",
        "imageFile": ["bucket": "b", "region": "r", "key": "k", "contentType": .null],
    ]
    static let after: JSONObject = [
        "id": "1", "name": "Lamp", "description": "new", "tags": .null, "imageFile": .null,
        "updatedAt": "2026-01-02T00:00:00.000Z",
    ]

    private var update: UndoLogEntry {
        entry(
            "update", before: Self.before, fields: ["name", "description", "tags", "imageFile"],
            sends: ["name": "Lamp", "description": "new", "tags": .null, "imageFile": .null],
            outcome: .landed(after: Self.after))
    }

    @Test func anUpdateStillAsItLeftTheRecordIsRevertedFieldByField() throws {
        let judgement = try judge(versioned: false).judge(update, now: Self.after)
        // A field absent before is written null (removed); an object's null member is left out.
        #expect(
            judgement
                == .restore(
                    .update(
                        values: [
                            "name": "Chair", "description": .null, "tags": ["a"],
                            "imageFile": ["bucket": "b", "region": "r", "key": "k"],
                        ], version: nil,
                        guardValues: [
                            "name": "Lamp", "description": "new", "tags": .null, "imageFile": .null,
                            "updatedAt": "2026-01-02T00:00:00.000Z",
                        ])))
    }

    @Test func anUpdatedRecordChangedSinceIsLeftWithBothValues() throws {
        var now = Self.after
        now["description"] = "someone else's"
        #expect(
            try judge(versioned: false).judge(update, now: now)
                == .changedSince(
                    left: ["name": "Lamp", "description": "new", "tags": .null, "imageFile": .null],
                    now: ["name": "Lamp", "description": "someone else's", "tags": .null, "imageFile": .null]))
        // Only updatedAt moved (a write of the same values, or of a field the log does not name).
        var touched = Self.after
        touched["updatedAt"] = "2026-01-03T00:00:00.000Z"
        guard case .changedSince = try judge(versioned: false).judge(update, now: touched) else {
            Issue.record("a record written again since was taken as left")
            return
        }
        #expect(
            try judge(versioned: false).judge(update, now: nil)
                == .changedSince(
                    left: ["name": "Lamp", "description": "new", "tags": .null, "imageFile": .null], now: nil))
    }

    @Test func aRecordAlreadyAsBeforeIsNotWrittenAndAWriteInDoubtIsJudgedByWhatItSent() throws {
        let judge = try judge(versioned: false)
        #expect(judge.judge(update, now: Self.before) == .alreadyUndone)
        var doubt = update
        doubt.outcome = .inDoubt
        #expect(judge.judge(doubt, now: Self.before) == .notApplied)
        guard case .restore(.update(_, nil, let guardValues)) = judge.judge(doubt, now: Self.after) else {
            Issue.record("a write in doubt whose values are there was not restored")
            return
        }
        // Without the answer, the guard is what was sent.
        #expect(guardValues == ["name": "Lamp", "description": "new", "tags": .null, "imageFile": .null])
    }

    @Test func aVersionedRecordIsJudgedByItsVersion() throws {
        let judge = try judge(versioned: true)
        var after = Self.after
        after["_version"] = 4
        var logged = update
        logged.outcome = .landed(after: after)
        guard case .restore(.update(_, 4, _)) = judge.judge(logged, now: after) else {
            Issue.record("a versioned record at the version left was not restored at it")
            return
        }
        var moved = after
        moved["_version"] = 5
        guard case .changedSince(let left, let now) = judge.judge(logged, now: moved) else {
            Issue.record("a versioned record at another version was not left")
            return
        }
        #expect(left["_version"] == 4 && now?["_version"] == 5)
    }

    @Test func aCreateIsDeletedAndADeleteCreatedAgain() throws {
        let judge = try judge(versioned: true)
        let created = entry(
            "create", before: nil, fields: ["name"], sends: ["name": "New"],
            outcome: .landed(after: ["id": "1", "name": "New", "_version": 1]))
        #expect(
            judge.judge(created, now: ["id": "1", "name": "New", "_version": 1])
                == .restore(.delete(version: 1, guardValues: ["name": "New"])))
        #expect(judge.judge(created, now: nil) == .alreadyUndone)
        guard case .changedSince = judge.judge(created, now: ["id": "1", "name": "New", "_version": 2]) else {
            Issue.record("a created record changed since was not left")
            return
        }
        var doubt = created
        doubt.outcome = .inDoubt
        #expect(judge.judge(doubt, now: nil) == .notApplied)

        let deleted = entry(
            "delete", before: ["id": "1", "name": "Old", "_version": 3, "_deleted": .null, "_lastChangedAt": 5],
            outcome: .landed(after: ["id": "1"]))
        #expect(judge.judge(deleted, now: nil) == .restore(.create(fields: ["id": "1", "name": "Old"])))
        guard case .cannot(let reason) = judge.judge(deleted, now: ["id": "1", "_deleted": true, "_version": 4])
        else {
            Issue.record("a tombstone was not refused")
            return
        }
        #expect(reason.hasPrefix("it is soft-deleted (a versioned model)"))
        #expect(judge.judge(deleted, now: ["id": "1", "name": "Old", "_version": 1]) == .alreadyUndone)
        #expect(judge.judge(entry("touch", before: [:], outcome: .landed(after: [:])), now: [:]) == .nothingToUndo)
    }
}
