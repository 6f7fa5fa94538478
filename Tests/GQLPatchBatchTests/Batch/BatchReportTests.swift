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

    @Test func progressTextWithAndWithoutATotal() {
        #expect(
            ProgressLine.text(done: 50, total: 200, errors: 1, elapsed: 10) == "50/200 lines  5.0/s  1 error  ETA 30 s")
        #expect(ProgressLine.text(done: 50, total: nil, errors: 2, elapsed: 10) == "50 lines  5.0/s  2 errors")
    }

    @Test func progressShowsTheAdaptiveRate() {
        #expect(
            ProgressLine.text(done: 50, total: 200, errors: 0, elapsed: 10, rate: 1234.4)
                == "50/200 lines  5.0/s  0 errors  ETA 30 s  rate 1234/s")
    }

    @Test func progressRedrawsInPlaceAtMostEveryInterval() {
        var line = ProgressLine(interval: 0.2)
        #expect(
            line.redraw(done: 1, total: 10, errors: 0, elapsed: 0.5)
                == "\r\u{1B}[2K1/10 lines  2.0/s  0 errors  ETA 5 s")
        #expect(line.redraw(done: 2, total: 10, errors: 0, elapsed: 0.6) == nil)
        #expect(line.redraw(done: 2, total: 10, errors: 0, elapsed: 0.6, force: true) != nil)
    }
}
