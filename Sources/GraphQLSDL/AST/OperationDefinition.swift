/// `query Name($v: T = d) @dir { ... }`, or a bare selection set (an anonymous query).
public struct OperationDefinition: Sendable, Hashable {
    public var operation: OperationType
    public var name: String?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: [Selection]
    public var location: SourceLocation

    public init(
        operation: OperationType, name: String?, variableDefinitions: [VariableDefinition] = [],
        directives: [Directive] = [], selectionSet: [Selection], location: SourceLocation
    ) {
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}
