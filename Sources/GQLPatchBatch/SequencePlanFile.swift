import JSON

/// A sequence run's plan as read back from beside its journal, for a resume.
package struct SequencePlanFile: Sendable {
    package var path: String
    /// Each line's text (numbered from 1), as the journal's digests were taken of them.
    package var texts: [JSONLine]
    package var lines: [JSONValue]
    /// The model the plan moves rows of (its first line's).
    package var model: String
}
