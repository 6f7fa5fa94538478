import GQLPatchOperations
import GQLPatchSupport

extension ListOptions {
    /// `list <Model> [--where F=V]... [--filter JSON|@PATH] [--limit N] [--page-size N] [--sort asc|desc] [--include-deleted] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "list", summary: "list <Model> [--where F=V]...      print records as JSON Lines, all pages",
        help: HelpText.list,
        valueOptions: ["--where", "--filter", "--limit", "--page-size", "--sort", "--select"], flags: ["--include-deleted"]
    ) { (options, positionals) throws(GQLPatchError) -> Command in
        var list = ListOptions(model: try ArgumentParser.modelName(positionals, command: "list"))
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--where": list.conditions.append(try ArgumentParser.pair(value, option: option.name, allowFile: false))
            case "--filter":
                if list.filter != nil { throw .usage("--filter given twice (combine the conditions in one object with \"and\")") }
                list.filter = value
            case "--limit": list.limit = try ArgumentParser.positiveCount(value, option: option.name)
            case "--page-size": list.pageSize = try ArgumentParser.positiveCount(value, option: option.name)
            case "--sort":
                guard let order = SortOrder(rawValue: value.lowercased()) else {
                    throw .usage("--sort expects asc or desc, got '\(value)'")
                }
                list.sort = order
            case "--include-deleted": list.includeDeleted = true
            case "--select": list.select = (list.select ?? []) + (try ArgumentParser.fieldList(value, option: option.name))
            default: break
            }
        }
        return .list(list)
    }
}
