/// The progress line `apply` redraws in place on stderr when stderr is a terminal:
/// `1200/5000 lines  240.0/s  3 errors  ETA 16 s` (with `--rate auto`, `  rate 250/s` after it: the
/// rate the run allows itself now).
package struct ProgressLine: Sendable {
    /// Seconds between redraws.
    package var interval: Double = 0.2
    private var lastDrawn: Double = -1

    package init(interval: Double = 0.2) {
        self.interval = interval
    }

    /// The text for the counts (no terminal codes).
    package static func text(done: Int, total: Int?, errors: Int, elapsed: Double, rate allowed: Double? = nil)
        -> String
    {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        var text = total.map { "\(done)/\($0) lines" } ?? "\(done) lines"
        text += "  \(DecimalText.fixed(rate, fractionDigits: 1))/s  \(errors) error\(errors == 1 ? "" : "s")"
        if let total, rate > 0, total >= done {
            text += "  ETA \((Double(total - done) / rate).rounded(.up).saturated(to: Int.self)) s"
        }
        if let allowed { text += "  rate \(DecimalText.fixed(allowed, fractionDigits: 0))/s" }
        return text
    }

    /// The bytes that redraw the line (carriage return, clear line, text), or nil when it is too soon.
    package mutating func redraw(
        done: Int, total: Int?, errors: Int, elapsed: Double, rate: Double? = nil, force: Bool = false
    ) -> String? {
        guard force || elapsed - lastDrawn >= interval else { return nil }
        lastDrawn = elapsed
        return "\r\u{1B}[2K" + Self.text(done: done, total: total, errors: errors, elapsed: elapsed, rate: rate)
    }

    /// Clears the line before the summary.
    package static let clear = "\r\u{1B}[2K"
}
