import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The scheduler's promises: never more than `limit` running, never two of one key at once, each
/// key's elements in admission order, and a drain that leaves only the running ones.
@Suite struct KeyedSchedulerTests {
    /// Drives a scheduler to completion, finishing the oldest running element each step, and returns
    /// the start order and the largest number running at once.
    private func simulate(_ items: [(key: String, value: Int)], limit: Int) -> (
        started: [Int], peak: Int, perKeyPeak: Int
    ) {
        var scheduler = KeyedScheduler(limit: limit)
        var running: [KeyedScheduler.Entry] = []
        var started: [Int] = []
        var peak = 0
        var perKeyPeak = 0
        func record(_ entries: [KeyedScheduler.Entry]) {
            running.append(contentsOf: entries)
            started.append(contentsOf: entries.map(\.element))
            peak = max(peak, running.count)
            let counts = Dictionary(grouping: running, by: \.key).values.map(\.count)
            perKeyPeak = max(perKeyPeak, counts.max() ?? 0)
        }
        for item in items {
            record(scheduler.admit(item.value, key: item.key))
        }
        while !running.isEmpty {
            let done = running.removeFirst()
            record(scheduler.finish(key: done.key))
        }
        #expect(scheduler.running == 0)
        #expect(scheduler.admitted == 0)
        return (started, peak, perKeyPeak)
    }

    @Test func sameKeyRunsInOrderAndNeverConcurrently() {
        let items: [(key: String, value: Int)] = [("a", 1), ("b", 2), ("a", 3), ("a", 4), ("c", 5), ("b", 6), ("a", 7)]
        let (started, peak, perKeyPeak) = simulate(items, limit: 3)
        #expect(started.sorted() == [1, 2, 3, 4, 5, 6, 7])
        #expect(perKeyPeak == 1)
        #expect(peak == 3)
        for key in ["a", "b", "c"] {
            let expected = items.filter { $0.key == key }.map(\.value)
            #expect(started.filter { expected.contains($0) } == expected, "key \(key)")
        }
    }

    @Test(arguments: [1, 2, 5, 16])
    func neverMoreThanTheLimit(limit: Int) {
        let items = (0..<50).map { (key: "k\($0 % 7)", value: $0) }
        let (started, peak, perKeyPeak) = simulate(items, limit: limit)
        #expect(started.count == 50)
        #expect(peak == min(limit, 7))
        #expect(perKeyPeak == 1)
    }

    @Test func distinctKeysStartAtOnceUpToTheLimit() {
        var scheduler = KeyedScheduler(limit: 2)
        #expect(scheduler.admit(1, key: "a").map(\.element) == [1])
        #expect(scheduler.admit(2, key: "b").map(\.element) == [2])
        #expect(scheduler.admit(3, key: "c").isEmpty)
        #expect(scheduler.admit(4, key: "a").isEmpty)
        // "a" finishes: "c" was ready first, then "a"'s next waits for a slot.
        #expect(scheduler.finish(key: "a").map(\.element) == [3])
        #expect(scheduler.finish(key: "b").map(\.element) == [4])
        #expect(scheduler.admitted == 2)
    }

    @Test func oneAtATimeKeepsTheInputOrder() {
        let items: [(key: String, value: Int)] = [("a", 1), ("b", 2), ("a", 3), ("c", 4), ("a", 5), ("d", 6)]
        #expect(simulate(items, limit: 1).started == [1, 2, 3, 4, 5, 6])
    }

    @Test func drainRemovesWhatHasNotStarted() {
        var scheduler = KeyedScheduler(limit: 1)
        _ = scheduler.admit(1, key: "a")
        _ = scheduler.admit(2, key: "b")
        _ = scheduler.admit(3, key: "a")
        #expect(scheduler.drain().sorted() == [2, 3])
        #expect(scheduler.admitted == 1)
        #expect(scheduler.finish(key: "a").isEmpty)
        #expect(scheduler.admitted == 0)
        // The scheduler is usable again: "a" is free.
        #expect(scheduler.admit(4, key: "a").map(\.element) == [4])
    }

    @Test func drainFreesAReadyKeyWithElementsWaitingBehindIt() {
        var scheduler = KeyedScheduler(limit: 1)
        #expect(scheduler.admit(1, key: "a").map(\.element) == [1])
        #expect(scheduler.admit(2, key: "b").isEmpty)  // ready: no slot
        #expect(scheduler.admit(3, key: "b").isEmpty)  // waiting behind 2
        #expect(scheduler.admit(4, key: "a").isEmpty)  // waiting behind the running 1
        #expect(scheduler.drain().sorted() == [2, 3, 4])  // ready first, then the waiting ones in any order
        #expect(scheduler.finish(key: "a").isEmpty)
        // Neither key is left busy: each starts at once.
        #expect(scheduler.admit(5, key: "b").map(\.element) == [5])
        #expect(scheduler.finish(key: "b").isEmpty)
        #expect(scheduler.admit(6, key: "a").map(\.element) == [6])
        #expect(scheduler.admitted == 1)
    }
}
