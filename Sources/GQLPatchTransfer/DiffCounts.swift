/// What a model's comparison found.
package struct DiffCounts: Sendable, Equatable {
    package var onlyFrom = 0
    package var onlyTo = 0
    package var changed = 0
    package var same = 0

    package init() {}

    package var differs: Bool { onlyFrom + onlyTo + changed > 0 }
}
