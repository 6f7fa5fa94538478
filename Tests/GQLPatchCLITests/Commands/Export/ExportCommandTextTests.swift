import GQLPatchOperations
import Testing

@testable import GQLPatchCLI

@Suite struct ExportCommandTextTests {
    /// The terminal's progress line: models read of all, records so far, and the models being read.
    @Test func theProgressLineNamesWhatIsBeingRead() {
        var state = ExportState(output: "-", models: ["Blog", "Post", "Comment"])
        #expect(ExportCommand.progressText(state) == "0/3 models read  0 records")
        state.steps[0].records = 1
        state.steps[0].read = true
        state.steps[1].records = 12_000
        state.steps[2].records = 345
        #expect(
            ExportCommand.progressText(state) == "1/3 models read  12,346 records  reading Post 12,000, Comment 345")
    }

    @Test func theSummaryCountsEachModel() {
        var state = ExportState(output: "-", models: ["Blog", "Comment"])
        state.steps[0].records = 1
        state.steps[1].records = 1_234_567
        state.steps[1].secondLines = 2
        #expect(
            ExportCommand.summary(state)
                == "gqlpatch: export: Blog 1 record, Comment 1,234,567 records (2 second-pass updates)")
    }
}
