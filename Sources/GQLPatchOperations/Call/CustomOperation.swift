import GQLPatchSchema
import GraphQLSDL

/// A field of the query or mutation type that is not one of the models' generated operations: a
/// custom query or mutation (`@function`, `@http`, a custom resolver; Gen 2's `a.query()`,
/// `a.mutation()`), or, asked for by name, a generated one.
package struct CustomOperation: Sendable {
    package var name: String
    package var kind: OperationType
    package var arguments: [InputValueDefinition]
    package var returns: TypeReference
    /// The model this is a generated operation of (`getItem`: Item); nil for a custom one.
    package var model: String?

    package init(
        name: String, kind: OperationType, arguments: [InputValueDefinition], returns: TypeReference,
        model: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.arguments = arguments
        self.returns = returns
        self.model = model
    }

    /// Whether the argument must be given: non-null, without a default.
    package static func isRequired(_ argument: InputValueDefinition) -> Bool {
        argument.type.isNonNull && argument.defaultValue == nil
    }

    /// Whether `argument` is given as JSON (`NAME:=JSON`): an input object, a list, `AWSJSON`;
    /// otherwise as text typed by its scalar or enum (`NAME=VALUE`).
    package static func takesJSON(_ argument: InputValueDefinition, in catalogue: ModelCatalogue) -> Bool {
        let name = argument.type.namedType
        let plain = (catalogue.scalars.contains(name) && name != "AWSJSON") || catalogue.enums[name] != nil
        return !plain || argument.type.isList
    }

    /// `mutation publish(id: ID!, note: String): PublishResult`.
    package var signature: String {
        let list = arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        return "\(kind.rawValue) \(name)\(arguments.isEmpty ? "" : "(\(list))"): \(returns)"
    }
}
