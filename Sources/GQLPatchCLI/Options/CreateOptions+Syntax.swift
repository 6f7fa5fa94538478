import GQLPatchSupport

extension CreateOptions {
    /// `create <Model> (--set F=V | --set F:=JSON | --set F=@PATH | --patch PATH|-)... [--if-absent] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "create", summary: "create <Model> --set F=V...        create one record (retry-safe)",
        help: HelpText.create,
        valueOptions: ["--set", "--patch", "--select"], flags: ["--if-absent"]
    ) { (options, positionals) throws(GQLPatchError) -> Command in
        var create = CreateOptions(model: try ArgumentParser.modelName(positionals, command: "create"))
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--set": create.values.append(try ArgumentParser.assignment(value, option: option.name))
            case "--patch":
                if create.patch != nil { throw .usage("--patch given twice") }
                create.patch = value
            case "--select": create.select = (create.select ?? []) + (try ArgumentParser.fieldList(value, option: option.name))
            case "--if-absent": create.ifAbsent = true
            default: break
            }
        }
        if create.values.isEmpty, create.patch == nil {
            throw .usage("create needs the record's values: --set FIELD=VALUE or --patch FILE")
        }
        try ArgumentParser.checkStandardInputReadOnce(create.values, patch: create.patch)
        return .create(create)
    }
}
