import FoundationEssentials
import GQLPatchClient
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// One execution of a batch after the input was checked: the loop that reads its source's entries,
/// hands them to the scheduler, starts requests, and journals and prints each result as it comes;
/// then the `--atomic` rollback and the summary. The command that starts it resolves its plan and its client.
package struct BatchRun {
    // Not Sendable: lives in the one task that drives the batch.
    package let plan: BatchRunPlan
    package let client: GraphQLClient
    package let catalogue: ModelCatalogue
    package let console: Console
    package let source: any BatchSource
    /// How messages name a line's members and the run's settings.
    package let wording: ApplyLineWording
    /// Operations in a file (nil for standard input), for the progress line.
    package let total: Int?
    package let journal: BatchJournal?
    /// A resumed journal, matched against the input as it is read.
    private var check: BatchJournalCheck?

    private var tally = BatchTally()
    /// Failed lines whose reason was also said on stderr (the output may be a file nobody watches).
    private var toldFailures = 0
    /// How many failed lines are told on stderr; the rest are counted.
    static let failuresTold = 5
    private var undo: [BatchJournal.UndoEntry] = []
    private var stopping = false
    private var interrupted = false
    private var fatal: GQLPatchError?
    /// Standard output failed: nothing more can be reported (and nothing more is sent).
    private var outputFailed = false
    /// Lines read ahead to match the journal before a rollback, to be reported as skipped.
    private var readAheadSkips: [Int] = []
    /// A custom mutation was admitted: sending every line again would send it again.
    private var sentCustomMutations = false
    private var progress = ProgressLine()
    private let started = Date()
    /// `--rate auto`'s limiter, shared by every request of the run (rollback included).
    private let adaptive: AdaptiveRateLimiter?

    package init(
        plan: BatchRunPlan, client: GraphQLClient, catalogue: ModelCatalogue, console: Console,
        source: any BatchSource, wording: ApplyLineWording, total: Int?, journal: BatchJournal?,
        check: BatchJournalCheck?
    ) {
        self.plan = plan
        self.client = client
        self.catalogue = catalogue
        self.console = console
        self.source = source
        self.wording = wording
        self.total = total.map { $0 - (check?.state.done.count ?? 0) }
        self.journal = journal
        self.check = check
        self.undo = check?.state.undo ?? []
        self.adaptive = plan.adaptiveRate ? AdaptiveRateLimiter(ceiling: plan.concurrency) : nil
    }

    private var options: BatchRunPlan { plan }

    private enum NextItem {
        /// An operation or a call, to run.
        case entry(BatchEntry)
        case result(LineResult)
        case end
    }

    package mutating func execute() async throws(GQLPatchError) -> ExitCode {
        let sender = makeSender()
        let executor = BatchRecordExecutor(
            catalogue: catalogue, sender: sender, retryConflicts: plan.retryConflicts,
            conflictResolution: plan.conflictResolution, atomic: options.atomic, wording: wording,
            journal: journal, undoLog: plan.undoLog)
        let undoer = BatchUndoExecutor(records: executor, judgeOnly: plan.undoJudgeOnly)
        let calls = BatchCallExecutor(
            sender: sender, once: makeSender(once: true), idempotent: plan.idempotentCalls, journal: journal,
            wording: wording)
        let watch = plan.catchesInterrupt ? InterruptWatch() : nil
        watch?.start()
        defer { watch?.stop() }

        await withTaskGroup(of: (String, LineResult).self) { group in
            var scheduler = KeyedScheduler(limit: options.concurrency)
            // The admitted operations and calls by the handle the scheduler knows them by.
            var admitted: [Int: BatchEntry] = [:]
            var nextHandle = 0
            func start(_ entries: [KeyedScheduler.Entry]) {
                for entry in entries {
                    switch admitted.removeValue(forKey: entry.element) {
                    case .operation(let operation)?: group.addTask { (entry.key, await executor.run(operation)) }
                    case .call(let call)?: group.addTask { (entry.key, await calls.run(call)) }
                    case .undo(let undo)?: group.addTask { (entry.key, await undoer.run(undo)) }
                    case .refused?, nil: continue
                    }
                }
            }
            func drain() -> [BatchEntry] {
                scheduler.drain().compactMap { admitted.removeValue(forKey: $0) }
            }
            let window = max(options.concurrency * 4, 64)
            var inputDone = false
            while true {
                while !inputDone, !stopping, scheduler.admitted < window {
                    if watch?.isInterrupted == true {
                        interrupted = true
                        stopping = true
                        break
                    }
                    let item: NextItem
                    do throws(GQLPatchError) {
                        item = try await nextItem()
                    } catch {
                        fatal = error
                        stopping = true
                        break
                    }
                    switch item {
                    case .end:
                        inputDone = true
                    case .result(let result):
                        finish(result)
                    case .entry(let entry):
                        admitted[nextHandle] = entry
                        switch entry {
                        case .operation(let operation):
                            start(scheduler.admit(nextHandle, key: operation.identity, phase: plan.phase?(operation)))
                        case .call(let call):
                            if call.mutates { sentCustomMutations = true }
                            start(scheduler.admit(nextHandle, key: call.identity, phase: nil))
                        case .undo(let undo):
                            // Newest first, model by model: a cascade's parent is created again before its children.
                            start(scheduler.admit(nextHandle, key: undo.identity, phase: undo.model.name))
                        case .refused: break
                        }
                        nextHandle += 1
                    }
                }
                if watch?.isInterrupted == true, !interrupted {
                    interrupted = true
                    stopping = true
                }
                if stopping { skip(drain()) }
                if scheduler.running == 0 {
                    if inputDone || stopping { break }
                    continue
                }
                guard let (key, result) = await group.next() else { break }
                finish(result)
                if stopping { skip(drain()) }
                start(scheduler.finish(key: key))
            }
        }

        let failedAny = tally.failures > 0 || fatal != nil
        if options.atomic, failedAny || (interrupted && journal == nil) {
            await readAheadToMatchUndo()
            await rollBack(BatchRollback(catalogue: catalogue, sender: sender, wording: wording))
        }
        if stopping, !interrupted, fatal == nil {
            await skipRest()
        }
        let elapsed = Date().timeIntervalSince(started)
        if plan.showsProgress { console.writeErr(ProgressLine.clear) }
        if toldFailures > Self.failuresTold {
            console.message(
                "gqlpatch: \(plan.commandName): \(toldFailures - Self.failuresTold) more failed lines; the output says why for each"
            )
        }
        // A run stopped by an error before any line got a result says only the error.
        if fatal == nil || tally.finished + tally[.skipped] > 0 {
            console.message(
                tally.summary(
                    elapsed: elapsed, interrupted: interrupted, stopped: fatal != nil, command: plan.commandName))
        }
        if interrupted || fatal != nil, journal != nil, !options.atomic || interrupted,
            let resume = plan.resumeCommand
        {
            console.message("gqlpatch: note: to go on from where it stopped, run: \(resume)")
        }
        if interrupted, journal == nil, plan.suggestsJournal, sentCustomMutations {
            console.message(
                "gqlpatch: note: \(plan.commandName) stopped with no journal: what was applied stands; running it again sends every call line again, custom mutations too (with \(wording.name(.journal)) PATH, \(wording.name(.resume)) goes on exactly where a run stopped, and reports a call in doubt instead of sending it)"
            )
        } else if interrupted, journal == nil, plan.suggestsJournal {
            let words = wording
            console.message(
                "gqlpatch: note: \(plan.commandName) stopped with no journal: what was applied stands, and the same command goes on by sending every line again (an applied line comes back unchanged, or fails its condition); with \(words.name(.journal)) PATH, \(words.name(.resume)) goes on exactly where a run stopped"
            )
        }
        if let fatal { throw fatal }
        if interrupted { return watch?.exitCode ?? .interrupted }
        if tally.failures > 0 || tally[.rollbackFailed] > 0 { return .partialFailure }
        // Every record that still matched was written; the others changed meanwhile and were left.
        // `undo`: every record still as its write left it was put back; the others were left.
        if tally[.noLongerMatches] > 0 || tally[.changedSince] > 0 { return .conflict }
        return .success
    }

    /// The run's sender; `once`: a custom mutation's, which retries only what never reached the
    /// server, over a client that never resends.
    private func makeSender(once: Bool = false) -> BatchSender {
        var client = self.client
        if once { client.resendable = false }
        var sender = BatchSender(
            client: client, policy: RetryPolicy(maxAttempts: options.maxAttempts, onlyThrottling: once),
            limiter: options.rate.map { RateLimiter(perSecond: $0) }, sleep: plan.sleep, random: plan.random)
        if let adaptive {
            // The law measures round trips: a steady clock, not the wall clock.
            let origin = ContinuousClock.now
            sender.now = {
                let elapsed = origin.duration(to: .now).components
                return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            }
            sender.adaptive = adaptive
        }
        return sender
    }

    // MARK: - Input

    private mutating func nextItem() async throws(GQLPatchError) -> NextItem {
        while let entry = try await source.next() {
            if !options.applies(entry) {
                tally.otherShards += 1
                continue
            }
            if try alreadyDone(entry) { continue }
            switch entry {
            case .refused(let error, _):
                return .result(
                    LineResult(
                        line: error.line, status: .failed, error: error.rendered(source: source.name),
                        code: .invalidInput))
            case .operation(var operation):
                // A line whose write may have landed before the run stopped is settled by a read first.
                operation.inDoubt = try check?.intent(for: operation)
                return .entry(.operation(operation))
            case .call(var call):
                call.inDoubt = try check?.intent(line: call.line, digest: call.digest) != nil
                return .entry(.call(call))
            case .undo(var undo):
                undo.inDoubt = try check?.intent(line: undo.line, digest: undo.digest)
                return .entry(.undo(undo))
            }
        }
        return .end
    }

    /// Whether the resumed journal has the entry's line as done (counted as such with `counts`); a
    /// line that differs from the journaled one, or a journaled undo that is not this line's, is an error.
    private mutating func alreadyDone(_ entry: BatchEntry, counts: Bool = true) throws(GQLPatchError) -> Bool {
        guard check != nil else { return false }
        let done = try check!.isDone(entry)
        if done, counts { tally.resumedSkips += 1 }
        return done
    }

    // MARK: - Results

    private mutating func finish(_ result: LineResult) {
        if result.status.isDone, let journal {
            do {
                try journal.record(result)
            } catch {
                fatal = error
                stopping = true
            }
        }
        if options.atomic, let action = result.undo {
            undo.append(BatchJournal.UndoEntry(line: result.line, action: action))
        }
        // Nothing has reached the server yet and a line could not either, after every try: the
        // endpoint is down or wrong, and every other line would fail the same way.
        if result.unreachable, fatal == nil, tally.finished == tally.failures {
            fatal = GQLPatchError(
                .unavailable,
                "the endpoint cannot be reached, so no line can be applied; stopped at line \(result.line): \(result.error ?? "no connection")"
            )
            stopping = true
        }
        print(result)
        if result.status.isFailure, !options.continueOnError { stopping = true }
    }

    /// Stops the run when standard output failed: nothing more can be reported.
    private mutating func outputFailure(_ error: GQLPatchError) {
        outputFailed = true
        stopping = true
        if fatal == nil { fatal = error }
    }

    private mutating func print(_ result: LineResult) {
        tally.add(result.status)
        if result.settled { tally.settled += 1 }
        if result.status.isFailure {
            toldFailures += 1
            if toldFailures <= Self.failuresTold {
                if plan.showsProgress { console.writeErr(ProgressLine.clear) }
                console.message(
                    "gqlpatch: \(plan.commandName): line \(result.line) \(result.status.rawValue): \(result.error ?? "no reason given")"
                )
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)  // a typical line whole, without growing on the way
        for value in plan.lineOutput?(result) ?? [result.json()] {
            value.write(to: &bytes, pretty: false)
            bytes.append(UInt8(ascii: "\n"))
        }
        guard !outputFailed, !bytes.isEmpty else { return }
        do {
            try console.write(bytes)  // exit 74 once stdout fails: the run stops sending
        } catch {
            outputFailure(error)
            return
        }
        if plan.showsProgress,
            let text = progress.redraw(
                done: tally.finished, total: total, errors: tally.failures, elapsed: Date().timeIntervalSince(started),
                rate: adaptive?.law.rate)
        {
            console.writeErr(text)
        }
    }

    /// Reports operations and calls that were admitted but never sent (not after Ctrl-C: a resume
    /// does them).
    private mutating func skip(_ entries: [BatchEntry]) {
        guard !interrupted else { return }
        for entry in entries.sorted(by: { $0.line < $1.line }) {
            var result = LineResult(line: entry.line, status: .skipped, digest: entry.digest)
            switch entry {
            case .operation(let operation): result.key = operation.key
            case .call(let call): result.operation = call.operation
            case .undo(let undo): result.key = undo.key
            case .refused: break
            }
            print(result)
        }
    }

    /// Whether the entry is another shard's (`--shard`); a line that does not parse is no shard's to
    /// leave out: it is reported.
    private func isOtherShards(_ entry: BatchEntry) -> Bool { !options.applies(entry) }

    /// Reports the lines after the stop as skipped (those read ahead for a rollback first).
    private mutating func skipRest() async {
        for line in readAheadSkips { print(LineResult(line: line, status: .skipped)) }
        readAheadSkips = []
        do throws(GQLPatchError) {
            while let entry = try await source.next() {
                if isOtherShards(entry) { continue }
                if try alreadyDone(entry, counts: false) { continue }
                print(LineResult(line: entry.line, status: .skipped))
            }
        } catch {
            fatal = error
        }
    }

    /// Before a rollback: reads on through the input (standard input, read as the run goes) until every
    /// undo entry of the resumed journal was matched to its line, so nothing is undone that the input
    /// does not name. The lines passed are reported as skipped by `skipRest`.
    private mutating func readAheadToMatchUndo() async {
        while check?.hasUnmatchedUndo == true {
            do throws(GQLPatchError) {
                guard let entry = try await source.next() else { return }
                if try !alreadyDone(entry, counts: false) { readAheadSkips.append(entry.line) }
            } catch {
                if fatal == nil { fatal = error }
                if error.code != .invalidInput { return }
            }
        }
    }

    // MARK: - Rollback

    /// Undoes the applied lines, last applied first, one at a time.
    private mutating func rollBack(_ rollback: BatchRollback) async {
        console.message(
            "gqlpatch: apply: \(wording.name(.atomic)): undoing \(undo.count) applied line\(undo.count == 1 ? "" : "s")"
        )
        for entry in undo.reversed() {
            if entry.journalLine > 0, check?.isMatched(entry.line) != true {
                print(
                    LineResult(
                        line: entry.line, status: .rollbackFailed, key: entry.action.key,
                        error:
                            "not undone: the journal's undo of this line (\(journal?.path ?? ""):\(entry.journalLine)) does not match the input",
                        code: .invalidInput))
                continue
            }
            let result = await rollback.undo(line: entry.line, entry.action)
            if result.status == .rolledBack, let journal {
                do {
                    try journal.recordRollback(line: entry.line)
                } catch {
                    fatal = error
                }
            }
            print(result)
        }
        undo = []
    }
}
