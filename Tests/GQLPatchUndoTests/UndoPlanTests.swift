import GQLPatchSupport
import JSON
import Testing

@testable import GQLPatchUndo

/// Which logged writes undo takes, and in what order.
@Suite struct UndoPlanTests {
    private func entry(_ line: Int, run: String, key: JSONObject?, outcome: UndoLogEntry.Outcome = .inDoubt)
        -> UndoLogEntry
    {
        UndoLogEntry(
            line: line, run: run, entry: line, endpoint: "e", write: key == nil ? "create" : "update", model: "Item",
            key: key, before: key == nil ? nil : [:], fields: [], sends: nil, outcome: outcome, digest: "\(line)")
    }

    private var log: UndoLogFile {
        var log = UndoLogFile(path: "x.undo")
        log.runs = [
            UndoLogRun(id: "a", started: "t", command: "update", endpoint: "e", line: 2),
            UndoLogRun(id: "b", started: "u", command: "create", endpoint: "f", line: 9),
        ]
        log.entries = [
            entry(3, run: "a", key: ["id": "1"]), entry(4, run: "a", key: ["id": "2"], outcome: .refused),
            entry(5, run: "a", key: ["id": "3"]),
            entry(10, run: "b", key: nil, outcome: .landed(after: ["id": "9", "name": "x"])),
        ]
        return log
    }

    @Test func newestFirstWithoutRefusedWrites() {
        let plan = UndoPlan(log, run: nil, only: [], primaryKeys: ["Item": ["id"]])
        #expect(plan.entries.map(\.line) == [10, 5, 3])
        #expect(plan.refused == 1 && plan.runs.map(\.id) == ["a", "b"] && plan.endpoints == ["e", "f"])
    }

    @Test func oneRunOrSomeRecords() throws {
        #expect(UndoPlan(log, run: "a", only: [], primaryKeys: [:]).entries.map(\.line) == [5, 3])
        let only = [try UndoKeyFilter("9", option: "--only"), try UndoKeyFilter("id=3", option: "--only")]
        // A created record's key is in its answer.
        #expect(UndoPlan(log, run: nil, only: only, primaryKeys: ["Item": ["id"]]).entries.map(\.line) == [10, 5])
    }

    @Test func aKeyFilterMatchesByTextAndRefusesAnEmptyOrHalfPair() throws {
        #expect(try UndoKeyFilter("7", option: "--only").matches(["rowID": 7]))
        #expect(try UndoKeyFilter("recipeID=r1,rowID=2", option: "--only").matches(["recipeID": "r1", "rowID": 2]))
        #expect(try !UndoKeyFilter("recipeID=r1", option: "--only").matches(["recipeID": "r1", "rowID": 2]))
        for bad in ["", "=x", "a=1,b"] {
            do throws(GQLPatchError) {
                _ = try UndoKeyFilter(bad, option: "--only")
                Issue.record("'\(bad)' was taken")
            } catch {
                #expect(error.code == .usage && error.message.hasPrefix("--only expects "), "\(error.message)")
            }
        }
    }
}
