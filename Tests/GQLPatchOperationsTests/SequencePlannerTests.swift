import TestSupport
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSupport

/// `SequencePlanner` (issue 18): `insert` and `renumber` plan moves that never land on a number a row
/// still holds, keep the rows' order, and refuse what would pass GraphQL's 32-bit `Int`.
@Suite struct SequencePlannerTests {
    /// Carries the plan out on a set of numbers (row identity: its original number), failing on a move
    /// onto a number still held; returns the rows by new number.
    func carryOut(_ plan: SequencePlan, on numbers: [Int]) -> [Int: Int] {
        var rows = Dictionary(uniqueKeysWithValues: numbers.map { ($0, $0) })
        for move in plan.moves {
            #expect(rows[move.to] == nil, "\(move) lands on a row still there, in \(plan.moves)")
            let row = rows.removeValue(forKey: move.from)
            #expect(row != nil, "\(move) moves no row")
            rows[move.to] = row
        }
        if let newRow = plan.newRow {
            #expect(rows[newRow] == nil, "the new row's \(newRow) is held")
            rows[newRow] = 0
        }
        return rows
    }

    /// The rows' original numbers (0: the new row) in the order of their new numbers.
    func order(_ rows: [Int: Int]) -> [Int] {
        rows.keys.sorted().map { rows[$0]! }
    }

    @Test func insertMovesTheRowsFromThePositionUpLastFirst() throws {
        let numbers = Array(1...10)
        let plan = try SequencePlanner.insert(at: 3, numbers: numbers.shuffled(), field: "rowID")
        #expect(plan.moves.map(\.description) == ["10->11", "9->10", "8->9", "7->8", "6->7", "5->6", "4->5", "3->4"])
        #expect(plan.newRow == 3)
        let rows = carryOut(plan, on: numbers)
        #expect(rows.keys.sorted() == Array(1...11))
        #expect(order(rows) == [1, 2, 0, 3, 4, 5, 6, 7, 8, 9, 10])
    }

    @Test func insertPastTheEndOrIntoAnEmptySequenceMovesNothing() throws {
        #expect(
            try SequencePlanner.insert(at: 4, numbers: [1, 2, 3], field: "rowID") == SequencePlan(moves: [], newRow: 4))
        #expect(try SequencePlanner.insert(at: 1, numbers: [], field: "rowID") == SequencePlan(moves: [], newRow: 1))
    }

    @Test func insertMovesEveryRowAtOrAboveThePositionAcrossGaps() throws {
        let plan = try SequencePlanner.insert(at: 3, numbers: [1, 3, 5, 6], field: "rowID")
        #expect(plan.moves.map(\.description) == ["6->7", "5->6", "3->4"])
        #expect(order(carryOut(plan, on: [1, 3, 5, 6])) == [1, 0, 3, 5, 6])
    }

    @Test func insertViaAGapUsesOnlyNumbersAboveTheHighestEverUsed() throws {
        let numbers = [1, 2, 3, 4, 5]
        // 7 was used and deleted (a tombstone): nothing lands on 1...7.
        let plan = try SequencePlanner.insert(
            at: 3, numbers: numbers, highestUsed: 7, viaGap: true, field: "rowID")
        #expect(plan.newRow == 8)
        #expect(plan.moves.map(\.description) == ["3->9", "4->10", "5->11"])
        let rows = carryOut(plan, on: numbers)
        #expect(order(rows) == [1, 2, 0, 3, 4, 5])
        #expect(plan.moves.allSatisfy { $0.to > 7 } && plan.newRow! > 7)
    }

    @Test func insertViaAGapIntoAnEmptySequenceTakesThePosition() throws {
        #expect(
            try SequencePlanner.insert(at: 1, numbers: [], viaGap: true, field: "rowID")
                == SequencePlan(moves: [], newRow: 1))
    }

    @Test func renumberClosesGapsInOrder() throws {
        let numbers = [1, 3, 4, 6, 7, 8, 9, 10]  // 2 and 5 deleted
        let plan = try SequencePlanner.renumber(numbers: numbers, start: 1, step: 1, field: "rowID")
        #expect(plan.moves.map(\.description) == ["3->2", "4->3", "6->4", "7->5", "8->6", "9->7", "10->8"])
        #expect(plan.newRow == nil)
        let rows = carryOut(plan, on: numbers)
        #expect(rows.keys.sorted() == Array(1...8))
        #expect(order(rows) == numbers)
    }

    @Test func renumberMovesRowsDownLowestFirstThenUpHighestFirst() throws {
        // start 3, step 2: 1->3 and 2->5 move up, 10->7, 20->9 and 30->11 down.
        let numbers = [1, 2, 10, 20, 30]
        let plan = try SequencePlanner.renumber(numbers: numbers, start: 3, step: 2, field: "rowID")
        #expect(plan.moves.map(\.description) == ["10->7", "20->9", "30->11", "2->5", "1->3"])
        #expect(order(carryOut(plan, on: numbers)) == numbers)
    }

    @Test(arguments: 0..<40)
    func renumberNeverLandsOnAHeldNumber(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let numbers = Array(
            Set(
                (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                    Int.random(in: -5...30, using: &generator)
                }))
        let start = Int.random(in: -3...15, using: &generator)
        let step = Int.random(in: 1...3, using: &generator)
        let plan = try SequencePlanner.renumber(numbers: numbers, start: start, step: step, field: "rowID")
        let rows = carryOut(plan, on: numbers)
        #expect(rows.keys.sorted() == numbers.indices.map { start + $0 * step })
        #expect(order(rows) == numbers.sorted())
        #expect(plan.moves.allSatisfy { $0.from != $0.to })
    }

    @Test func renumberOfASequenceWithoutGapsMovesNothing() throws {
        #expect(try SequencePlanner.renumber(numbers: [3, 1, 2], start: 1, step: 1, field: "rowID").moves.isEmpty)
    }

    @Test func aNumberHeldTwiceIsNotASequence() {
        #expect(throws: GQLPatchError.self) { try SequencePlanner.insert(at: 1, numbers: [1, 2, 2], field: "rowID") }
        do {
            _ = try SequencePlanner.renumber(numbers: [1, 2, 2], start: 1, step: 1, field: "position")
            Issue.record("no error")
        } catch {
            #expect(error.code == .invalidInput)
            #expect(error.message.hasPrefix("two rows have position 2: the rows are not a sequence"))
        }
    }

    func expectTooLarge(_ error: GQLPatchError?, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error?.code == .invalidInput, sourceLocation: sourceLocation)
        #expect(
            error?.message.hasPrefix("the moves would take rowID past GraphQL's 32-bit Int") == true,
            "\(String(describing: error))",
            sourceLocation: sourceLocation)
    }

    @Test func numbersPast32BitsAreRefused() {
        let top = Int(Int32.max)
        expectTooLarge(
            #expect(throws: GQLPatchError.self) {
                try SequencePlanner.insert(at: 1, numbers: [1, top], field: "rowID")
            })
        expectTooLarge(
            #expect(throws: GQLPatchError.self) {
                try SequencePlanner.renumber(numbers: [1, 2, 3], start: top - 1, step: 1, field: "rowID")
            })
        expectTooLarge(
            #expect(throws: GQLPatchError.self) {
                try SequencePlanner.insert(at: 1, numbers: [1], highestUsed: top, viaGap: true, field: "rowID")
            })
        #expect(throws: GQLPatchError.self) {
            try SequencePlanner.renumber(numbers: [1], start: 1, step: 0, field: "rowID")
        }
    }
}
