import GQLPatchSupport

/// Works out the moves of `insert` and `renumber` from a sequence's numbers, pure: the caller reads
/// the rows, turns the plan into writes and sends them. Numbers are GraphQL `Int`s (32 bits): a plan
/// that would go past that is refused before anything is sent.
public enum SequencePlanner {
    /// `insert` at `position`: every row numbered `position` or more moves up by one, the last first
    /// (so each move lands on the number the previous one freed, or on a free one above the last),
    /// then the new row takes `position`.
    ///
    /// `viaGap`: nothing moves onto a number that was ever used. The new row takes the first number
    /// above `highestUsed` (the largest number ever used, tombstones included) and the rows from
    /// `position` on follow it, in order, lowest first; the order of the sequence is the same as the
    /// in-place insert's, with a gap where the moved rows were.
    ///
    /// `numbers`: the live rows' numbers (any order; a number twice is an error: the sequence is not
    /// one). `field`: the ordering field, for messages.
    public static func insert(
        at position: Int, numbers: [Int], highestUsed: Int? = nil, viaGap: Bool = false, field: String
    ) throws(GQLPatchError) -> SequencePlan {
        let sorted = try checked(numbers, field: field)
        try checkRange(position, field: field)
        let moving = sorted.filter { $0 >= position }
        guard viaGap else {
            var moves: [SequenceMove] = []
            for number in moving.reversed() {
                moves.append(SequenceMove(from: number, to: try next(number, field: field)))
            }
            return SequencePlan(moves: moves, newRow: position)
        }
        let highest = max(highestUsed ?? Int.min, sorted.last ?? Int.min)
        let fresh = highest == Int.min ? position : try next(highest, field: field)
        var moves: [SequenceMove] = []
        var target = fresh
        for number in moving {
            target = try next(target, field: field)
            moves.append(SequenceMove(from: number, to: target))
        }
        return SequencePlan(moves: moves, newRow: fresh)
    }

    /// `renumber`: the rows take `start`, `start + step`, ... in their order. Rows moving down go first,
    /// lowest first, then rows moving up, highest first: a row moving down lands on a number only a
    /// lower row held, which moved down before it; a row moving up, on one only a higher row held,
    /// which moved up before it. Rows already at their number do not move.
    public static func renumber(numbers: [Int], start: Int, step: Int, field: String) throws(GQLPatchError)
        -> SequencePlan
    {
        let sorted = try checked(numbers, field: field)
        guard step >= 1 else { throw .invalidInput("the step of a renumbering must be 1 or more, got \(step)") }
        try checkRange(start, field: field)
        var down: [SequenceMove] = []
        var up: [SequenceMove] = []
        for (index, number) in sorted.enumerated() {
            let (offset, overflow) = index.multipliedReportingOverflow(by: step)
            let (target, overflowSum) = start.addingReportingOverflow(offset)
            guard !overflow, !overflowSum, target <= Int(Int32.max) else {
                throw tooLarge(field: field)
            }
            if target < number { down.append(SequenceMove(from: number, to: target)) }
            if target > number { up.append(SequenceMove(from: number, to: target)) }
        }
        return SequencePlan(moves: down + up.reversed())
    }

    private static func checked(_ numbers: [Int], field: String) throws(GQLPatchError) -> [Int] {
        let sorted = numbers.sorted()
        for (a, b) in zip(sorted, sorted.dropFirst()) where a == b {
            throw .invalidInput("two rows have \(field) \(a): the rows are not a sequence (their order is not known)")
        }
        return sorted
    }

    private static func checkRange(_ number: Int, field: String) throws(GQLPatchError) {
        guard Int(Int32.min)...Int(Int32.max) ~= number else {
            throw .invalidInput("\(field) \(number) is past GraphQL's 32-bit Int")
        }
    }

    private static func next(_ number: Int, field: String) throws(GQLPatchError) -> Int {
        guard number < Int(Int32.max) else { throw tooLarge(field: field) }
        return number + 1
    }

    private static func tooLarge(field: String) -> GQLPatchError {
        .invalidInput("the moves would take \(field) past GraphQL's 32-bit Int (\(Int(Int32.max)))")
    }
}
