/// A change to a field that depends on its current value, as the caller gave it: a list edit or a
/// counter (append `V` to `tags`, add 2 to `stock`), before it is typed into a `FieldEdit`.
public struct EditRequest: Sendable, Hashable {
    public enum Kind: Sendable, Hashable, CaseIterable {
        case append, prepend, remove, add, increment, decrement
    }

    public var kind: Kind
    /// The field (top level) and the item or amount.
    public var assignment: FieldAssignment

    public init(_ kind: Kind, _ assignment: FieldAssignment) {
        self.kind = kind
        self.assignment = assignment
    }
}
