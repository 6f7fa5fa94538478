/// One entry of a selection set.
public enum Selection: Sendable, Hashable {
    case field(FieldSelection)
    case fragmentSpread(name: String, directives: [Directive], location: SourceLocation)
    case inlineFragment(
        typeCondition: String?, directives: [Directive], selectionSet: [Selection], location: SourceLocation)
}
