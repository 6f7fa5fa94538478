import GQLPatchOperations
import GQLPatchSupport

extension DeleteOptions {
    /// `delete <Model> (--id V | --key F=V...) [--expect-version N] [--if F=V]... [--cascade] [--page-size N] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "delete", summary: "delete <Model> <key> [--cascade]   delete one record (and its children)",
        help: HelpText.delete,
        valueOptions: ["--id", "--key", "--if", "--expect-version", "--page-size", "--select"], flags: ["--cascade"]
    ) { (options, positionals) throws(GQLPatchError) -> Command in
        let model = try ArgumentParser.modelName(positionals, command: "delete")
        var id: String?
        var keys: [FieldAssignment] = []
        var conditions: [FieldAssignment] = []
        var expectVersion: Int?
        var cascade = false
        var pageSize: Int?
        var select: [String]?
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--id":
                if id != nil { throw .usage("--id given twice") }
                id = value
            case "--key": keys.append(try ArgumentParser.pair(value, option: option.name, allowFile: false))
            case "--if": conditions.append(try ArgumentParser.pair(value, option: option.name, allowFile: false))
            case "--expect-version": expectVersion = try ArgumentParser.version(value)
            case "--cascade": cascade = true
            case "--page-size": pageSize = try ArgumentParser.positiveCount(value, option: option.name)
            case "--select": select = (select ?? []) + (try ArgumentParser.fieldList(value, option: option.name))
            default: break
            }
        }
        var delete = DeleteOptions(model: model, key: try ArgumentParser.recordKey(id: id, keys: keys, command: "delete"))
        delete.conditions = conditions
        delete.expectVersion = expectVersion
        delete.cascade = cascade
        delete.select = select
        if pageSize != nil, !cascade { throw .usage("--page-size goes with --cascade (it sizes the reads of child records)") }
        if cascade, select != nil { throw .usage("--select cannot be combined with --cascade") }
        delete.pageSize = pageSize
        return .delete(delete)
    }
}
