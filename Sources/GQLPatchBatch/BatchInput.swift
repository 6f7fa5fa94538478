/// A batch's input once it is open (`BatchApply.open`): the lines, their parser, a resumed journal
/// matched against them, and for a file what the whole-file check found.
package struct BatchInput {
    // Not Sendable: the source reads on, in the one task that drives the batch.
    package let source: BatchLineSource
    package let parser: BatchLineParser
    /// The resumed journal (`--resume`), read before anything is sent.
    package let journal: BatchJournal?
    /// The resumed journal's state, matched against the input as it is read.
    package let check: BatchJournalCheck?
    /// The run's own operations in a file (nil for standard input), for the progress line.
    package let total: Int?
    /// Every operation of a file of at most `BatchApply.keptOperations` lines, in order; nil: parse
    /// each line as it is read.
    package let checked: [BatchOperation]?
}
