import FoundationEssentials
import JSON

/// One execution of `apply` after the input was checked: the loop that reads lines, hands them to the
/// scheduler, starts requests, and journals and prints each result as it comes; then the `--atomic`
/// rollback and the summary.
struct ApplyRun {
    // Not Sendable: lives in the one task that drives the batch.
    let command: ApplyCommand
    let source: BatchLineSource
    let parser: BatchLineParser
    /// The operations of a file's non-blank lines in order, when the whole-file check kept them
    /// (files up to `ApplyCommand.keptOperations` lines); nil: parse each line as it is read.
    private var checked: [BatchOperation]?
    private var checkedIndex = 0
    /// Operations in a file (nil for standard input), for the progress line.
    let total: Int?
    let journal: BatchJournal?
    let resumed: BatchJournal.State?

    private var tally = BatchTally()
    private var undo: [BatchJournal.UndoEntry] = []
    private var stopping = false
    private var interrupted = false
    private var fatal: GQLPatchError?
    private var progress = ProgressLine()
    private let started = Date()

    init(
        command: ApplyCommand, source: BatchLineSource, parser: BatchLineParser, checked: [BatchOperation]?, total: Int?,
        journal: BatchJournal?, resumed: BatchJournal.State?
    ) {
        self.command = command
        self.source = source
        self.parser = parser
        self.checked = checked
        self.total = total.map { $0 - (resumed?.done.count ?? 0) }
        self.journal = journal
        self.resumed = resumed
        self.undo = resumed?.undo ?? []
    }

    private var options: ApplyOptions { command.options }
    private var console: Console { command.context.console }

    private enum NextItem {
        case operation(BatchOperation)
        case result(LineResult)
        case end
    }

    mutating func execute() async throws(GQLPatchError) -> ExitCode {
        let sender = makeSender()
        let settings = command.settings
        let executor = BatchRecordExecutor(
            catalogue: settings.catalogue, sender: sender, retryConflicts: settings.options.retryConflicts,
            conflictResolution: settings.options.conflictResolution, atomic: options.atomic)
        let watch = command.catchesInterrupt ? InterruptWatch() : nil
        watch?.start()
        defer { watch?.stop() }

        await withTaskGroup(of: (String, LineResult).self) { group in
            var scheduler = KeyedScheduler<BatchOperation>(limit: options.concurrency)
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
                        item = try nextItem()
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
                    case .operation(let operation):
                        for entry in scheduler.admit(operation, key: operation.identity) {
                            group.addTask { (entry.key, await executor.run(entry.element)) }
                        }
                    }
                }
                if watch?.isInterrupted == true, !interrupted {
                    interrupted = true
                    stopping = true
                }
                if stopping { skip(scheduler.drain()) }
                if scheduler.running == 0 {
                    if inputDone || stopping { break }
                    continue
                }
                guard let (key, result) = await group.next() else { break }
                finish(result)
                if stopping { skip(scheduler.drain()) }
                for entry in scheduler.finish(key: key) {
                    group.addTask { (entry.key, await executor.run(entry.element)) }
                }
            }
        }

        let failedAny = tally.failures > 0 || fatal != nil
        if options.atomic, failedAny || (interrupted && journal == nil) {
            await rollBack(BatchRollback(catalogue: settings.catalogue, sender: sender))
        }
        if stopping, !interrupted, fatal == nil {
            skipRest()
        }
        let elapsed = Date().timeIntervalSince(started)
        if command.showsProgress { console.writeErr(ProgressLine.clear) }
        console.message(tally.summary(elapsed: elapsed, interrupted: interrupted))
        if let fatal { throw fatal }
        if interrupted { return .interrupted }
        if tally.failures > 0 || tally[.rollbackFailed] > 0 { return .partialFailure }
        return .success
    }

    private func makeSender() -> BatchSender {
        let settings = command.settings
        var trace: (@Sendable (String) -> Void)?
        if settings.options.verbose {
            let console = self.console
            trace = { line in console.message("gqlpatch: \(line)") }
        }
        let client = GraphQLClient(
            endpoint: settings.endpoint ?? "", transport: command.context.transport, authorizer: settings.authorizer,
            extraHeaders: settings.options.headers, timeout: settings.options.timeout ?? 30, trace: trace)
        return BatchSender(
            client: client, policy: RetryPolicy(maxAttempts: options.maxAttempts),
            limiter: options.rate.map { RateLimiter(perSecond: $0) }, sleep: command.sleep, random: command.random)
    }

    // MARK: - Input

    private mutating func nextItem() throws(GQLPatchError) -> NextItem {
        while let line = try source.next() {
            if line.isBlank { continue }
            var operation: BatchOperation?
            if let checked {
                operation = checked[checkedIndex]
                checkedIndex += 1
                if checkedIndex == checked.count { self.checked = [] }  // let the array go
            }
            if try alreadyDone(line) { continue }
            if let operation { return .operation(operation) }
            do {
                return .operation(try parser.parse(line))
            } catch {
                return .result(LineResult(line: line.number, status: .failed, error: error.rendered(source: source.name), code: .invalidInput))
            }
        }
        return .end
    }

    /// Whether the resumed journal has the line as done; a line that differs from the journaled one is an error.
    private mutating func alreadyDone(_ line: JSONLine) throws(GQLPatchError) -> Bool {
        guard let resumed, let digest = resumed.done[line.number] else { return false }
        guard BatchLineParser.digest(line.bytes) == digest else {
            throw .invalidInput(
                "\(source.name):\(line.number): error: this line differs from the one the journal \(journal?.path ?? "") recorded as applied; resume with the same input")
        }
        tally.resumedSkips += 1
        return true
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
        print(result)
        if result.status.isFailure, !options.continueOnError { stopping = true }
    }

    private mutating func print(_ result: LineResult) {
        tally.add(result.status)
        var bytes: [UInt8] = []
        result.json().write(to: &bytes, pretty: false)
        bytes.append(UInt8(ascii: "\n"))
        console.writeOut(bytes)
        if command.showsProgress,
            let text = progress.redraw(
                done: tally.finished, total: total, errors: tally.failures, elapsed: Date().timeIntervalSince(started))
        {
            console.writeErr(text)
        }
    }

    /// Reports operations that were admitted but never sent (not after Ctrl-C: a resume does them).
    private mutating func skip(_ operations: [BatchOperation]) {
        guard !interrupted else { return }
        for operation in operations.sorted(by: { $0.line < $1.line }) {
            print(LineResult(line: operation.line, status: .skipped, key: operation.key, digest: operation.digest))
        }
    }

    /// Reports the lines after the stop as skipped.
    private mutating func skipRest() {
        do {
            while let line = try source.next() {
                if line.isBlank || resumed?.done[line.number] != nil { continue }
                print(LineResult(line: line.number, status: .skipped))
            }
        } catch {
            fatal = error
        }
    }

    // MARK: - Rollback

    /// Undoes the applied lines, last applied first, one at a time.
    private mutating func rollBack(_ rollback: BatchRollback) async {
        console.message("gqlpatch: apply: --atomic: undoing \(undo.count) applied line\(undo.count == 1 ? "" : "s")")
        for entry in undo.reversed() {
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
