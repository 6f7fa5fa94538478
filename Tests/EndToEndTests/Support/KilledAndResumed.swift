import Foundation

/// A journaled run killed with SIGKILL `delay` seconds after it started, then the same command with
/// `--resume` run to its end: what the crash tests do many times over, at a point each run picks.
struct KilledAndResumed {
    let first: ApplyProcess
    let firstStatus: Int32
    let resumed: ApplyProcess
    let status: Int32
    let delay: Double
    /// Both runs, for a failed expectation's message.
    let context: String

    /// `delay` seconds, from `run`: `base` plus a spread of up to `spread` seconds, another for each run.
    static func delay(run: Int, base: Double, spread: Double) -> Double {
        base + Double((run * 7_919 + 311) % max(1, Int(spread * 1000))) / 1000
    }

    init(_ arguments: [String], in folder: URL, after delay: Double, run: Int) throws {
        first = try ApplyProcess(arguments, in: folder)
        Thread.sleep(forTimeInterval: delay)
        first.signal(SIGKILL)
        firstStatus = try first.wait()
        resumed = try ApplyProcess(arguments + ["--resume"], in: folder)
        status = try resumed.wait()
        self.delay = delay
        context =
            "run \(run), killed after \(delay) s (status \(firstStatus))\nfirst: \(first.stdout)\n\(first.stderr)\n"
            + "resumed: \(resumed.stdout)\n\(resumed.stderr)"
    }
}
