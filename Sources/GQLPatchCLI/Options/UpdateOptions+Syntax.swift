import GQLPatchOperations
import GQLPatchSupport

extension UpdateOptions {
    /// `update <Model> (--id V | --key F=V...) (--set ... | --unset F | --patch P)... [--if F=V]... [--expect-version N] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "update", summary: "update <Model> <key> <change>...   change only the named fields of one record",
        help: HelpText.update,
        valueOptions: ["--id", "--key", "--set", "--unset", "--patch", "--if", "--expect-version", "--select"]
    ) { (options, positionals) throws(GQLPatchError) -> Command in
        guard let model = positionals.first else { throw .usage("update needs a model name: gqlpatch update <Model> ...") }
        if positionals.count > 1 {
            throw .usage("unexpected argument '\(positionals[1])' (values go with --set FIELD=VALUE)")
        }
        var update = UpdateOptions(model: model)
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--id":
                if update.id != nil { throw .usage("--id given twice") }
                update.id = value
            case "--key": update.keys.append(try ArgumentParser.pair(value, option: option.name, allowFile: false))
            case "--set": update.changes.append(try ArgumentParser.assignment(value, option: option.name))
            case "--unset":
                guard FieldName.isValid(value) else { throw .usage("--unset expects a field name, got '\(value)'") }
                update.changes.append(FieldAssignment(field: value, value: .null))
            case "--patch":
                if update.patch != nil { throw .usage("--patch given twice") }
                update.patch = value
            case "--if": update.conditions.append(try ArgumentParser.assignment(value, option: option.name))
            case "--expect-version": update.expectVersion = try ArgumentParser.version(value)
            case "--select": update.select = (update.select ?? []) + (try ArgumentParser.fieldList(value, option: option.name))
            default: break
            }
        }
        if update.id != nil, !update.keys.isEmpty { throw .usage("give the key with --id or with --key, not both") }
        if update.id == nil, update.keys.isEmpty {
            throw .usage("update needs a key: --id VALUE, or --key FIELD=VALUE for each key field")
        }
        if update.changes.isEmpty, update.patch == nil {
            throw .usage("update needs at least one change: --set FIELD=VALUE, --unset FIELD or --patch FILE")
        }
        try ArgumentParser.checkStandardInputReadOnce(
            update.changes + update.conditions, patch: update.patch)
        return .update(update)
    }
}
