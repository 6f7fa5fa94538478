/// One test of a listing on a field: `rowID>3`, `rowID=3..7`, `name^=Ab`, or equality (`F=V`, `F:=JSON`).
/// On a key's sort key it becomes the key condition; anywhere else a `filter` term with the same operator.
public struct FieldTest: Sendable, Hashable {
    /// The operators of a `Model*KeyConditionInput`, named as that input names them.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case eq, lt, le, gt, ge, between, beginsWith
    }

    public var field: String
    public var comparison: Comparison
    /// The value, or for `between` its lower bound.
    public var value: FieldAssignment.Value
    /// `between`'s upper bound; nil for every other operator.
    public var upper: FieldAssignment.Value?

    public init(
        field: String, comparison: Comparison, value: FieldAssignment.Value, upper: FieldAssignment.Value? = nil
    ) {
        self.field = field
        self.comparison = comparison
        self.value = value
        self.upper = upper
    }

    /// An equality test.
    public init(_ assignment: FieldAssignment) {
        self.init(field: assignment.field, comparison: .eq, value: assignment.value)
    }

    /// The value (`upper: true`: the upper bound) as an assignment, for typing.
    package func assignment(upper: Bool = false) -> FieldAssignment {
        FieldAssignment(field: field, value: upper ? (self.upper ?? value) : value)
    }

    /// An equality test on a value (not a null test), the only test a partition key can take.
    package var isEquality: Bool { comparison == .eq && !value.isNull }
}
