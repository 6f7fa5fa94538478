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
}
