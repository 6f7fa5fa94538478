/// Where a sequence run keeps its journal and its plan.
package struct SequenceRunFiles: Sendable {
    package var journal: String
    package var plan: String
    /// A private temporary folder of this run (removed when the run ends cleanly).
    package var temporary: Bool
    package var folder: String?

    package init(journal: String, plan: String, temporary: Bool, folder: String? = nil) {
        self.journal = journal
        self.plan = plan
        self.temporary = temporary
        self.folder = folder
    }
}
