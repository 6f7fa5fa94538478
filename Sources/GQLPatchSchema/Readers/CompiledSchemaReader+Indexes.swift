import GraphQLSDL

extension CompiledSchemaReader {
    /// A model's secondary-index queries among the query fields returning its connection: every one
    /// that is not its list or sync query and whose first argument naming a scalar field of the model is
    /// its partition key (v2 `@index` queries take it as `ID!`/`String!`, v1 `@key(queryField:)` ones
    /// nullable). The sort key is the argument typed as a key-condition input: `Model<S>KeyConditionInput`
    /// names one field by the argument's name, a composite `Model<M><Index>CompositeKeyConditionInput`
    /// lists the sort fields in its key input (`eq`'s type). The index takes the query's name, as
    /// the compiled schema does not say the index's own.
    static func indexes(
        of type: TypeDefinition, queries: [FieldDefinition], except operations: ModelOperations,
        table: SchemaTypeTable
    ) -> [ModelIndex] {
        let scalars = table.scalars
        let modelFields = Set(
            type.fields.filter {
                scalars.contains($0.type.namedType) || table.kind(of: $0.type.namedType) == .enumeration
            }.map(\.name))
        var indexes: [ModelIndex] = []
        for query in queries where query.name != operations.list && query.name != operations.sync {
            guard query.arguments.contains(where: { $0.name == "nextToken" }),
                let partition = query.arguments.first(where: { modelFields.contains($0.name) && !$0.type.isList })
            else { continue }
            var keyFields = [partition.name]
            for argument in query.arguments where argument.name != partition.name {
                guard let sortKeys = sortKeyFields(of: argument, table: table) else { continue }
                keyFields += sortKeys
                break
            }
            indexes.append(
                ModelIndex(
                    name: query.name, queryField: query.name, keyFields: keyFields,
                    queryArguments: query.arguments.map { OperationArgument(name: $0.name, type: $0.type) }))
        }
        return indexes
    }

    /// The sort-key fields a key-condition argument stands for; nil for any other argument.
    private static func sortKeyFields(of argument: InputValueDefinition, table: SchemaTypeTable) -> [String]? {
        let name = argument.type.namedType
        guard name.hasPrefix("Model"), name.hasSuffix("KeyConditionInput"), let input = table[name],
            let eq = input.inputFields.first(where: { $0.name == "eq" })
        else { return nil }
        if table.kind(of: eq.type.namedType) == .inputObject, let composite = table[eq.type.namedType] {
            return composite.inputFields.map(\.name)
        }
        return [argument.name]
    }
}
