/// A batch's input once it is open (`BatchApply.open`): its operations, a resumed journal matched
/// against them, and for a file how many there are.
package struct BatchInput {
    // Not Sendable: the source reads on, in the one task that drives the batch.
    package let source: any BatchSource
    /// How messages name a line's members and the run's settings.
    package let wording: ApplyLineWording
    /// The resumed journal (`--resume`), read before anything is sent.
    package let journal: BatchJournal?
    /// The resumed journal's state, matched against the input as it is read.
    package let check: BatchJournalCheck?
    /// The run's own operations in a file (nil for standard input), for the progress line.
    package let total: Int?
}
