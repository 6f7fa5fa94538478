/// The moves that rewrite a sequence, in the order they must be sent: each move's target is free
/// when it is made (no row holds it, none is moved onto it later), so a key move never collides.
/// `insert` adds the number its new row takes, created after the moves.
public struct SequencePlan: Sendable, Equatable {
    public var moves: [SequenceMove]
    /// `insert`: the new row's number; nil for `renumber`.
    public var newRow: Int?

    public init(moves: [SequenceMove], newRow: Int? = nil) {
        self.moves = moves
        self.newRow = newRow
    }

    /// The first number the plan would write onto a tombstone: a number in `tombstones`, or one an
    /// earlier move left (when `deletesLeaveTombstones`: a versioned model's key move deletes the old
    /// key softly, and a soft-deleted key cannot be created again). Nil when every target is free.
    public func tombstoneCollision(tombstones: Set<Int>, deletesLeaveTombstones: Bool) -> Int? {
        var blocked = tombstones
        for move in moves {
            if blocked.contains(move.to) { return move.to }
            if deletesLeaveTombstones { blocked.insert(move.from) }
        }
        if let newRow, blocked.contains(newRow) { return newRow }
        return nil
    }
}
