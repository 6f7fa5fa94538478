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

    /// The model positional of `command`; refuses extra positionals. `keyed`: the command names one
    /// record, so a second word without `--id` or `--key` is most likely the key.
    package static func modelName(
        _ positionals: [String], command: String, keyed options: [ParsedOption]? = nil
    ) throws(GQLPatchError) -> String {
        guard let model = positionals.first else {
            throw .usage("\(command) needs a model name: gqlpatch \(command) <Model> ...")
        }
        if positionals.count > 1 {
            throw .usage(extraArgument(positionals, command: command, keyed: options))
        }
        return model
    }

    /// The words for a positional too many: for a command that names one record and was given no
    /// key, the `--id` form of that word (`gqlpatch update Item 42` meant `--id 42`).
    package static func extraArgument(
        _ positionals: [String], command: String, keyed options: [ParsedOption]?, also: String = ""
    )
        -> String
    {
        let word = positionals[1]
        if positionals.count == 2, let options,
            !options.contains(where: { $0.name == OptionName.id || $0.name == OptionName.key })
        {
            let quoted = LostWriteHint.shellQuoted(word)
            return
                "unexpected argument '\(word)': the record's key goes with --id (gqlpatch \(command) \(positionals[0]) --id \(quoted) ...), "
                + "or --key FIELD=VALUE for each field of a composite key\(also)"
        }
        return "unexpected argument '\(word)'\(also.isEmpty ? "" : " (\(also.dropFirst(2)))")"
    }

    /// A count (`--limit`, `--page-size`): 1 or more, and a GraphQL `Int` (it may be sent as `limit`).
    package static func positiveCount(_ text: String, option: String) throws(GQLPatchError) -> Int {
        try wholeNumber(text, option: option, in: NumericLimits.count)
    }
}
