import GQLPatchOperations
import GQLPatchSupport

/// Option helpers shared by the record commands (`get`, `create`, `delete`, `list`, `query`).
extension CommandLineParser {
    /// `--id V` / `--key F=V` of `command`, checked: one form only, at least one given.
    package static func recordKey(
        id: String?, keys: [FieldAssignment], command: String
    ) throws(GQLPatchError) -> ChangeSetBuilder.Key {
        if id != nil, !keys.isEmpty { throw .usage("give the key with --id or with --key, not both") }
        if let id { return .id(id) }
        if keys.isEmpty { throw .usage("\(command) needs a key: --id VALUE, or --key FIELD=VALUE for each key field") }
        return .fields(keys)
    }

    /// The model positional of `command`; refuses extra positionals.
    package static func modelName(_ positionals: [String], command: String) throws(GQLPatchError) -> String {
        guard let model = positionals.first else {
            throw .usage("\(command) needs a model name: gqlpatch \(command) <Model> ...")
        }
        if positionals.count > 1 {
            throw .usage("unexpected argument '\(positionals[1])'")
        }
        return model
    }

    /// A count (`--limit`, `--page-size`): 1 or more, and a GraphQL `Int` (it may be sent as `limit`).
    package static func positiveCount(_ text: String, option: String) throws(GQLPatchError) -> Int {
        try wholeNumber(text, option: option, in: NumericLimits.count)
    }
}
