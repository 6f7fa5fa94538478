import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The summary on stderr and the progress line's text.
@Suite struct BatchReportTests {
    @Test func summaryCountsEachStatus() {
        var tally = BatchTally()
        for status in [LineStatus.updated, .updated, .unchanged, .notFound, .skipped] { tally.add(status) }
        tally.resumedSkips = 3
        #expect(tally.finished == 4)
        #expect(tally.failures == 1)
        #expect(
            tally.summary(elapsed: 2, interrupted: false)
                == "gqlpatch: apply: done: 5 lines in 2.0 s (2.0 lines/s): 2 updated, 1 unchanged, 1 not found, 1 skipped, 3 already applied (journal)"
        )
        #expect(
            tally.summary(elapsed: 2, interrupted: true).hasPrefix(
                "gqlpatch: apply: interrupted after 5 lines in 2.0 s"))
    }
}
