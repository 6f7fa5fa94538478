import GQLPatchSupport

/// Lines a transform of the input found unfit, by number, each with why: the parser refuses such a
/// line with that message, so it fails as a line that does not type fails (`copy`: an owner value
/// the mapping lacks, seen only as the records stream in). Each entry is taken once, when its line
/// is parsed, so only lines not yet parsed are held.
package final class LineRefusals: Sendable {
    private let refused = LockedValue<[Int: String]>([:])

    package init() {}

    package func refuse(line: Int, because message: String) {
        refused.withValue { $0[line] = message }
    }

    /// Why `line` is refused, once; nil when it is not.
    package func take(_ line: Int) -> String? {
        refused.withValue { $0.removeValue(forKey: line) }
    }
}
