/// One top-level definition of a document.
public enum Definition: Sendable, Hashable {
    case schema(SchemaDefinition)
    case type(TypeDefinition)
    case directive(DirectiveDefinition)
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
}
