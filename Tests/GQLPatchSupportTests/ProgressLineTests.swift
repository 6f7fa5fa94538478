import Testing

@testable import GQLPatchSupport

/// The progress line `apply`, `import` and `export` redraw on stderr.
@Suite struct ProgressLineTests {
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

    /// An ETA of a run that is barely moving (an infinite or huge number of seconds) trapped.
    @Test func anEndlessETADoesNotTrap() {
        let text = ProgressLine.text(done: 1, total: 10, errors: 0, elapsed: 1e300)
        #expect(text.hasPrefix("1/10 lines"))
    }
}
