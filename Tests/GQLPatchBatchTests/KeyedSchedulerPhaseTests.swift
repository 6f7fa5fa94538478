import Testing

@testable import GQLPatchBatch

/// Phases (`import`'s barriers): an element of a later phase starts only once every element of the
/// earlier phases finished; within a phase elements run side by side as usual.
@Suite struct KeyedSchedulerPhaseTests {
    /// Admits every item, then finishes the oldest running element each step; returns, for each start,
    /// the element and the elements still running at that moment.
    private func simulate(_ items: [(key: String, phase: String?, value: Int)], limit: Int, admitAllFirst: Bool = true)
        -> [(element: Int, alongside: [Int])]
    {
        var scheduler = KeyedScheduler(limit: limit)
        var running: [KeyedScheduler.Entry] = []
        var starts: [(element: Int, alongside: [Int])] = []
        func record(_ entries: [KeyedScheduler.Entry]) {
            for entry in entries {
                starts.append((entry.element, running.map(\.element)))
                running.append(entry)
            }
        }
        for item in items {
            record(scheduler.admit(item.value, key: item.key, phase: item.phase))
            if !admitAllFirst, let done = running.first {
                running.removeFirst()
                record(scheduler.finish(key: done.key))
            }
        }
        while !running.isEmpty {
            let done = running.removeFirst()
            record(scheduler.finish(key: done.key))
        }
        #expect(scheduler.running == 0)
        #expect(scheduler.admitted == 0)
        return starts
    }

    private let items: [(key: String, phase: String?, value: Int)] = [
        ("b1", "Blog", 1), ("b2", "Blog", 2), ("b3", "Blog", 3),
        ("p1", "Post", 4), ("p2", "Post", 5),
        ("c1", "Comment", 6), ("c2", "Comment", 7), ("c3", "Comment", 8),
        ("c2", "second pass", 9), ("c3", "second pass", 10),
    ]

    private func phase(of element: Int) -> Int {
        let phases = ["Blog", "Post", "Comment", "second pass"]
        return phases.firstIndex(of: items[element - 1].phase ?? "") ?? -1
    }

    @Test(arguments: [1, 2, 8])
    func aLaterPhaseStartsOnlyAfterEveryEarlierElementFinished(limit: Int) {
        for admitAllFirst in [true, false] {
            let starts = simulate(items, limit: limit, admitAllFirst: admitAllFirst)
            #expect(starts.map(\.element).sorted() == Array(1...10))
            var finishedPhases = -1
            for (element, alongside) in starts {
                // Nothing of an earlier phase is still running when an element starts.
                #expect(alongside.allSatisfy { phase(of: $0) == phase(of: element) }, "\(element) beside \(alongside)")
                #expect(phase(of: element) >= finishedPhases)
                finishedPhases = phase(of: element)
            }
        }
    }

    @Test func withinAPhaseElementsRunSideBySide() {
        let starts = simulate(items, limit: 8)
        #expect(starts.first(where: { $0.element == 3 })?.alongside == [1, 2])
        #expect(starts.first(where: { $0.element == 8 })?.alongside == [6, 7])
    }

    @Test func aPhaseSeenAgainLaterIsANewPhase() {
        let starts = simulate([("a", "A", 1), ("b", "B", 2), ("c", "A", 3)], limit: 4)
        #expect(starts.map(\.element) == [1, 2, 3])
        #expect(starts.allSatisfy { $0.alongside.isEmpty })
    }

    @Test func withoutPhasesNothingWaits() {
        let starts = simulate([("a", nil, 1), ("b", nil, 2), ("c", nil, 3)], limit: 4)
        #expect(starts.map(\.alongside) == [[], [1], [1, 2]])
    }

    @Test func drainRemovesHeldElementsToo() {
        var scheduler = KeyedScheduler(limit: 2)
        #expect(scheduler.admit(1, key: "a", phase: "A").map(\.element) == [1])
        #expect(scheduler.admit(2, key: "b", phase: "B").isEmpty)
        #expect(scheduler.admit(3, key: "c", phase: "B").isEmpty)
        #expect(scheduler.drain() == [2, 3])
        #expect(scheduler.finish(key: "a").isEmpty)
        #expect(scheduler.admitted == 0)
    }
}
