/// Decides which admitted operations may start: at most `limit` at once, and never two for the same
/// key at once; operations for one key start in the order they were admitted, and of the operations
/// free to start, the one admitted first starts first (so `-j 1` runs the input in order). A pure
/// state machine (no tasks, no clock): the batch loop admits, starts what it is given, and reports
/// completions.
package struct KeyedScheduler<Element: Sendable>: Sendable {
    package struct Entry: Sendable {
        package var key: String
        package var element: Element
        /// Admission order.
        package var sequence: Int
    }

    /// The most elements running at once.
    package let limit: Int
    /// Elements started and not yet finished.
    package private(set) var running = 0
    /// Elements admitted and not yet finished (running, ready or waiting behind their key).
    package private(set) var admitted = 0
    /// Keys with an element running or ready to run.
    private var busy: Set<String> = []
    /// Elements waiting behind the running or ready element of their key, per key in admission order.
    private var waiting: [String: [Entry]] = [:]
    /// Elements whose key is free of others, waiting for a slot, by sequence.
    private var ready: [Int: Entry] = [:]
    /// The sequences of `ready`: a min-heap (plain integers, so sifting never copies an element).
    private var readyOrder: [Int] = []
    private var nextSequence = 0

    package init(limit: Int) {
        precondition(limit >= 1)
        self.limit = limit
    }

    /// Admits an element; returns the elements that may start now (in order).
    package mutating func admit(_ element: Element, key: String) -> [Entry] {
        admitted += 1
        let entry = Entry(key: key, element: element, sequence: nextSequence)
        nextSequence += 1
        if busy.contains(key) {
            waiting[key, default: []].append(entry)
        } else {
            busy.insert(key)
            push(entry)
        }
        return startable()
    }

    /// Reports that the running element of `key` finished; returns the elements that may start now.
    package mutating func finish(key: String) -> [Entry] {
        precondition(running > 0, "finish without a running element")
        running -= 1
        admitted -= 1
        if var queue = waiting[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[key] = queue.isEmpty ? nil : queue
            push(next)
        } else {
            busy.remove(key)
        }
        return startable()
    }

    /// Removes every element that has not started (ready or waiting) and returns them; the running
    /// ones still finish with `finish(key:)`, which then starts nothing.
    package mutating func drain() -> [Element] {
        var removed = readyOrder.sorted().compactMap { ready[$0]?.element }
        for entry in ready.values { busy.remove(entry.key) }
        ready = [:]
        readyOrder = []
        for (_, queue) in waiting { removed.append(contentsOf: queue.map(\.element)) }
        waiting = [:]
        admitted -= removed.count
        return removed
    }

    private mutating func startable() -> [Entry] {
        var started: [Entry] = []
        while running < limit, let entry = popFirst() {
            started.append(entry)
            running += 1
        }
        return started
    }

    // MARK: - Heap

    private mutating func push(_ entry: Entry) {
        ready[entry.sequence] = entry
        readyOrder.append(entry.sequence)
        var child = readyOrder.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard readyOrder[child] < readyOrder[parent] else { break }
            readyOrder.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popFirst() -> Entry? {
        guard !readyOrder.isEmpty else { return nil }
        readyOrder.swapAt(0, readyOrder.count - 1)
        let first = readyOrder.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < readyOrder.count, readyOrder[left] < readyOrder[smallest] { smallest = left }
            if right < readyOrder.count, readyOrder[right] < readyOrder[smallest] { smallest = right }
            if smallest == parent { break }
            readyOrder.swapAt(parent, smallest)
            parent = smallest
        }
        return ready.removeValue(forKey: first)
    }
}
