/// Decides which admitted operations may start: at most `limit` at once, and never two for the same
/// key at once; operations for one key start in the order they were admitted. A pure state machine
/// (no tasks, no clock): the batch loop admits, starts what it is given, and reports completions.
struct KeyedScheduler<Element: Sendable>: Sendable {
    struct Entry: Sendable {
        var key: String
        var element: Element
    }

    /// The most elements running at once.
    let limit: Int
    /// Elements started and not yet finished.
    private(set) var running = 0
    /// Elements admitted and not yet finished (running, ready or waiting behind their key).
    private(set) var admitted = 0
    /// Keys with an element running or ready to run.
    private var busy: Set<String> = []
    /// Elements waiting behind the running or ready element of their key, per key in admission order.
    private var waiting: [String: [Element]] = [:]
    /// Elements whose key is free of others, waiting for a slot, in order.
    private var ready: [Entry] = []
    private var readyHead = 0

    init(limit: Int) {
        precondition(limit >= 1)
        self.limit = limit
    }

    /// Admits an element; returns the elements that may start now (in order).
    mutating func admit(_ element: Element, key: String) -> [Entry] {
        admitted += 1
        if busy.contains(key) {
            waiting[key, default: []].append(element)
        } else {
            busy.insert(key)
            ready.append(Entry(key: key, element: element))
        }
        return startable()
    }

    /// Reports that the running element of `key` finished; returns the elements that may start now.
    mutating func finish(key: String) -> [Entry] {
        precondition(running > 0, "finish without a running element")
        running -= 1
        admitted -= 1
        if var queue = waiting[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[key] = queue.isEmpty ? nil : queue
            ready.append(Entry(key: key, element: next))
        } else {
            busy.remove(key)
        }
        return startable()
    }

    /// Removes every element that has not started (ready or waiting) and returns them; the running
    /// ones still finish with `finish(key:)`, which then starts nothing.
    mutating func drain() -> [Element] {
        var removed = ready[readyHead...].map(\.element)
        for entry in ready[readyHead...] { busy.remove(entry.key) }
        ready = []
        readyHead = 0
        for (_, queue) in waiting { removed.append(contentsOf: queue) }
        waiting = [:]
        admitted -= removed.count
        return removed
    }

    private mutating func startable() -> [Entry] {
        var started: [Entry] = []
        while running < limit, readyHead < ready.count {
            started.append(ready[readyHead])
            readyHead += 1
            running += 1
        }
        if readyHead > 256, readyHead * 2 > ready.count {
            ready.removeFirst(readyHead)
            readyHead = 0
        }
        return started
    }
}
