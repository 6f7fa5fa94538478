import GraphQLSDL

extension CompiledSchemaReader {
    /// The subscriptions among `fields` (the Subscription fields returning the model): each one's
    /// event from its `@aws_subscribe(mutations: [...])` (the compiled schema's), else from its name
    /// (`onCreate...`, as introspection, which drops directives, leaves it).
    static func subscriptions(_ fields: [FieldDefinition], operations ops: ModelOperations) -> [ModelSubscription] {
        var found: [ModelSubscription] = []
        for field in fields {
            var mutations: [String] = []
            for directive in field.directives where directive.name == "aws_subscribe" {
                for argument in directive.arguments where argument.name == "mutations" {
                    if case .list(let values) = argument.value {
                        for case .string(let name) in values { mutations.append(name) }
                    }
                }
            }
            let event: ModelSubscription.Event?
            if !mutations.isEmpty {
                event =
                    ops.create.map(mutations.contains) == true
                    ? .create
                    : ops.update.map(mutations.contains) == true
                        ? .update : ops.delete.map(mutations.contains) == true ? .delete : nil
            } else if field.name.hasPrefix("onCreate") {
                event = .create
            } else if field.name.hasPrefix("onUpdate") {
                event = .update
            } else if field.name.hasPrefix("onDelete") {
                event = .delete
            } else {
                event = nil
            }
            guard let event, !found.contains(where: { $0.event == event }) else { continue }
            found.append(
                ModelSubscription(
                    event: event, name: field.name,
                    arguments: field.arguments.map { OperationArgument(name: $0.name, type: $0.type) }))
        }
        return found
    }
}
