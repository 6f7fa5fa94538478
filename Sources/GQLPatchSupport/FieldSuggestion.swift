/// "Did you mean" help for misspelt names (fields, models, options, commands) in error messages.
package enum FieldSuggestion {
    /// ` (did you mean 'x'?)` when one candidate is close to the text, else "".
    package static func phrase(for text: String, among candidates: [String]) -> String {
        guard let best = closest(to: text, among: candidates) else { return "" }
        return " (did you mean '\(best)'?)"
    }

    /// The candidate closest to `name` by edit distance (case-insensitive), when it is close enough:
    /// at most 2 edits, and fewer edits than half the name's length.
    package static func closest(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        guard let best, best.distance <= 2, best.distance * 2 < max(target.count, 2) else { return nil }
        return best.name
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
