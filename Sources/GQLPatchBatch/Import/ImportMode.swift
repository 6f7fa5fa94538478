/// How `import` writes a record of the file (`export`'s lines).
package enum ImportMode: String, Sendable, CaseIterable {
    /// Update the record when it is there, else create it (the export's lines as they are).
    case upsert
    /// Create only: a record that is already there is reported (a `conflict` line), not overwritten;
    /// a second-pass link is set only where the record holds none.
    case create
    /// Upsert, clearing too the fields the target has and the file never names (the export's `set`
    /// already holds every field it knows of, nulls included), so the record ends as the line has it.
    case replace
}
