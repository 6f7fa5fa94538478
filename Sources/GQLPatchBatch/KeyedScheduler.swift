/// Decides which admitted operations may start: at most `limit` at once, and never two for the same
/// key at once; operations for one key start in the order they were admitted, and of the operations
/// free to start, the one admitted first starts first (so `-j 1` runs the input in order). A pure
/// state machine (no tasks, no clock): the batch loop admits, starts what it is given, and reports
/// completions.
///
/// Phases (`import`'s models, parents first): an element admitted with a phase other than the one
/// before it opens a new phase, and waits (held, not ready) until every element of the phases before
/// it finished. Elements admitted without a phase never wait for one.
///
/// It schedules handles (`Int`s the caller picks, a line number say), not the operations themselves:
/// the caller keeps those. A generic scheduler was specialized for no caller in another module, so
/// every copy and dictionary step went through witness tables (17k instructions a record).
package struct KeyedScheduler: Sendable {
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var element: Int
        /// Admission order.
        package var sequence: Int
    }

    /// The most elements running at once.
    package let limit: Int
    /// Elements started and not yet finished.
    package private(set) var running = 0
    /// Elements admitted and not yet finished (running, ready or waiting behind their key).
    package private(set) var admitted = 0
    /// Per key with an element running or ready to run: the elements waiting behind it, in admission
    /// order (a key is busy exactly while it is here).
    private var waiting: [String: [Entry]] = [:]
    /// Elements whose key is free of others, waiting for a slot: a min-heap by sequence.
    private var ready: [Entry] = []
    private var nextSequence = 0
    /// The phase admitted last, its index, and the index of the phase running now.
    private var lastPhase: String?
    private var lastPhaseIndex = 0
    private var currentPhase = 0
    /// Elements of the running phase admitted and not yet finished.
    private var unfinishedInPhase = 0
    /// Elements of later phases, in admission order, with their phase's index (`heldIndex`: the first not yet released).
    private var held: [(entry: Entry, phase: Int)] = []
    private var heldIndex = 0

    package init(limit: Int) {
        precondition(limit >= 1)
        self.limit = limit
    }

    /// Admits an element (in `phase`, when phases are kept); returns the elements that may start now (in order).
    package mutating func admit(_ element: Int, key: String, phase: String? = nil) -> [Entry] {
        admitted += 1
        let entry = Entry(key: key, element: element, sequence: nextSequence)
        nextSequence += 1
        if let phase {
            if let lastPhase, lastPhase != phase { lastPhaseIndex += 1 }
            lastPhase = phase
        }
        if lastPhaseIndex > currentPhase {
            held.append((entry, lastPhaseIndex))
            advance()
            return startable()
        }
        enqueue(entry)
        return startable()
    }

    /// Makes `entry` (of the running phase) ready, or queues it behind its key.
    private mutating func enqueue(_ entry: Entry) {
        unfinishedInPhase += 1
        if let index = waiting.index(forKey: entry.key) {
            waiting.values[index].append(entry)
            return
        }
        waiting[entry.key] = []
        push(entry)
    }

    /// Once the running phase has nothing left, releases the next phase's held elements.
    private mutating func advance() {
        while unfinishedInPhase == 0, heldIndex < held.count {
            currentPhase = held[heldIndex].phase
            while heldIndex < held.count, held[heldIndex].phase == currentPhase {
                enqueue(held[heldIndex].entry)
                heldIndex += 1
            }
            if heldIndex == held.count {
                held.removeAll(keepingCapacity: true)
                heldIndex = 0
            }
        }
    }

    /// Reports that the running element of `key` finished; returns the elements that may start now.
    package mutating func finish(key: String) -> [Entry] {
        precondition(running > 0, "finish without a running element")
        running -= 1
        admitted -= 1
        unfinishedInPhase -= 1
        if let index = waiting.index(forKey: key) {
            if waiting.values[index].isEmpty {
                waiting.remove(at: index)
            } else {
                push(waiting.values[index].removeFirst())
            }
        }
        advance()
        return startable()
    }

    /// Removes every element that has not started (ready or waiting) and returns them; the running
    /// ones still finish with `finish(key:)`, which then starts nothing.
    package mutating func drain() -> [Int] {
        var removed = ready.sorted { $0.sequence < $1.sequence }.map(\.element)
        for queue in waiting.values { removed.append(contentsOf: queue.map(\.element)) }
        removed.append(contentsOf: held[heldIndex...].map(\.entry.element))
        held = []
        heldIndex = 0
        unfinishedInPhase = running
        // The keys left busy are those of the running elements, with nothing behind them.
        for entry in ready { waiting[entry.key] = nil }
        for key in waiting.keys { waiting[key] = [] }
        ready = []
        admitted -= removed.count
        return removed
    }

    private mutating func startable() -> [Entry] {
        guard running < limit, !ready.isEmpty else { return [] }
        var started: [Entry] = []
        while running < limit, let entry = popFirst() {
            started.append(entry)
            running += 1
        }
        return started
    }

    // MARK: - Heap

    private mutating func push(_ entry: Entry) {
        ready.append(entry)
        var child = ready.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard ready[child].sequence < ready[parent].sequence else { break }
            ready.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popFirst() -> Entry? {
        guard !ready.isEmpty else { return nil }
        ready.swapAt(0, ready.count - 1)
        let first = ready.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < ready.count, ready[left].sequence < ready[smallest].sequence { smallest = left }
            if right < ready.count, ready[right].sequence < ready[smallest].sequence { smallest = right }
            if smallest == parent { break }
            ready.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
