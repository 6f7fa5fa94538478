import GQLPatchOperations
import GQLPatchSupport

extension GetOptions {
    /// `get <Model> (--id V | --key F=V...) [--select ...] [--include-deleted]`
    package static let syntax = CommandSyntax(
        name: "get", summary: "get <Model> <key>                  print one record",
        help: HelpText.get,
        valueOptions: ["--id", "--key", "--select"], flags: ["--include-deleted"]
    ) { (options, positionals) throws(GQLPatchError) -> Command in
        let model = try ArgumentParser.modelName(positionals, command: "get")
        var id: String?
        var keys: [FieldAssignment] = []
        var select: [String]?
        var includeDeleted = false
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--id":
                if id != nil { throw .usage("--id given twice") }
                id = value
            case "--key": keys.append(try ArgumentParser.pair(value, option: option.name, allowFile: false))
            case "--select": select = (select ?? []) + (try ArgumentParser.fieldList(value, option: option.name))
            case "--include-deleted": includeDeleted = true
            default: break
            }
        }
        var get = GetOptions(model: model, key: try ArgumentParser.recordKey(id: id, keys: keys, command: "get"))
        get.select = select
        get.includeDeleted = includeDeleted
        return .get(get)
    }
}
