import GQLPatchSupport

/// Why a pass over a batch's input that stops at the first bad line (a dry run, a preview) stopped.
package enum BatchInputStop: Error {
    /// A line that does not parse.
    case invalidLine(BatchLineError)
    /// The input could not be read, or what the pass does with a line failed.
    case failed(GQLPatchError)
}
