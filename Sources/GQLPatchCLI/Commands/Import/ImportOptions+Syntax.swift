import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension ImportOptions: CommandDefinition {
    package var writes: Bool { true }

    /// `import FILE [--mode M] [--map-owner OLD=NEW]... [--owner VALUE] [-j N] [--rate N|auto] [--journal PATH] [--resume] [--max-attempts N] [--continue-on-error]`
    package static let syntax = CommandSyntax(
        name: "import",
        summary: "import FILE                        write an export file into the API, parents first",
        help: HelpText.importCommand, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var command = ImportOptions()
        guard let path = positionals.first else {
            throw .usage("import needs the file an export wrote: gqlpatch import FILE")
        }
        if positionals.count > 1 {
            throw .usage("import reads one file: unexpected argument '\(positionals[1])'")
        }
        command.path = path
        command.run.path = path
        try OptionBinding.apply(bindings, options, to: &command)
        let format = command.format ?? ImportFormat.told(by: path)
        if path == "-", format == .jsonl {
            throw .usage(
                "import reads an export twice (checked whole before anything is sent), so it takes a file, not standard input (CSV and TSV may come from standard input: \(OptionName.format) csv)"
            )
        }
        if format == .jsonl, command.model != nil || !command.renames.isEmpty || command.emptyAsNull {
            throw .usage(
                "\(OptionName.model), \(OptionName.columns) and \(OptionName.emptyAsNull) are for CSV and TSV (\(OptionName.format) csv|tsv, or a file named .csv or .tsv)"
            )
        }
        if format != .jsonl, !command.dropped.isEmpty {
            throw .usage(
                "\(OptionName.dropField) is for export files; a \(format.rawValue.uppercased()) file's columns are the fields it writes (leave the column out, or rename it with \(OptionName.columns))"
            )
        }
        if format != .jsonl, command.model == nil {
            throw .usage(
                "a \(format.rawValue.uppercased()) file's rows are records of one model: give \(OptionName.model) MODEL"
            )
        }
        if command.run.resume, command.run.journal == nil {
            throw .usage("\(OptionName.resume) needs \(OptionName.journal) PATH (the journal of the run to resume)")
        }
        if command.owner != nil, !command.ownerMap.isEmpty {
            throw .usage(
                "\(OptionName.owner) and \(OptionName.mapOwner) do not go together: \(OptionName.owner) sets every owner field whatever it held"
            )
        }
        return command
    }

    /// The options `import` takes from `apply` as they are.
    /// `--drop-field`'s models and fields checked against `catalogue` (the target's for `import`,
    /// the source's for `copy`, whose fields must be there too), with a suggestion for a typo.
    static func checkDropped(_ dropped: [String: Set<String>], in catalogue: ModelCatalogue, fieldsToo: Bool)
        throws(GQLPatchError)
    {
        for (model, fields) in dropped.sorted(by: { $0.key < $1.key }) {
            guard let found = catalogue.models[model] else {
                let hint =
                    FieldSuggestion.closest(to: model, among: catalogue.modelNames).map { "; did you mean \($0)?" }
                    ?? ""
                throw .invalidInput(
                    "\(OptionName.dropField) \(model).\(fields.sorted()[0]): the schema has no model \(model)\(hint)")
            }
            guard fieldsToo else { continue }
            for field in fields.sorted() where found.field(field) == nil {
                let hint =
                    FieldSuggestion.closest(to: field, among: found.fields.map(\.name)).map { "; did you mean \($0)?" }
                    ?? ""
                throw .invalidInput(
                    "\(OptionName.dropField) \(model).\(field): the source's \(model) has no field \(field)\(hint)")
            }
        }
    }

    static let sharedNames: Set<String> = [
        OptionName.concurrency, OptionName.rate, OptionName.journal, OptionName.resume, OptionName.maxAttempts,
        OptionName.continueOnError, OptionName.allowIncomplete,
    ]

    /// `import`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<ImportOptions>] =
        [
            .value(
                OptionName.mode, "M",
                """
                upsert (default): update a record that is there, else create it;
                create: create only (a record there is a "conflict" line, kept);
                replace: upsert that also nulls target fields the file never names
                """, read: .choice(), into: \.mode),
            OptionBinding(
                .value(
                    OptionName.mapOwner, "OLD=NEW",
                    "write owner value OLD as NEW in the fields of @auth owner rules (repeat)", repeats: true)
            ) { (command, value, given) throws(GQLPatchError) in
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                    throw .usage("\(given) expects OLD=NEW (an owner value and its replacement), got '\(value)'")
                }
                let old = String(value[..<equals])
                let new = String(value[value.index(after: equals)...])
                if let earlier = command.ownerMap[old], earlier != new {
                    throw .usage("\(given) maps '\(old)' twice ('\(earlier)' and '\(new)')")
                }
                command.ownerMap[old] = new
            },
            .value(
                OptionName.owner, "VALUE", "set every owner field (of @auth owner rules) to VALUE", read: .text,
                into: \.owner),
            .value(
                OptionName.format, "F", "jsonl (an export), csv or tsv (default: by the file's name)",
                read: .choice(), into: \.format),
            .value(
                OptionName.model, "MODEL", "csv, tsv: the model each row is a record of", read: .text, into: \.model),
            OptionBinding(
                .value(OptionName.columns, "H=F,...", "csv, tsv: read column H as field F (F.SUB for an object's)")
            ) { (command, value, given) throws(GQLPatchError) in
                for pair in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex,
                        pair.index(after: equals) != pair.endIndex
                    else {
                        throw .usage("\(given) expects HEADER=FIELD pairs split by commas, got '\(pair)'")
                    }
                    command.renames[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
                }
            },
            .flag(
                OptionName.emptyAsNull, "csv, tsv: an empty cell is null (default: the field is left out)",
                sets: \.emptyAsNull),
            OptionBinding(
                .value(
                    OptionName.dropField, "MODEL.FIELD",
                    "leave FIELD out of MODEL's records (one the target lacks; repeat)", repeats: true)
            ) { (command, value, given) throws(GQLPatchError) in
                let parts = value.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw .usage("\(given) expects MODEL.FIELD (for example Blog.colour), got '\(value)'")
                }
                command.dropped[String(parts[0]), default: []].insert(String(parts[1]))
            },
        ]
        + ApplyOptions.bindings.filter { !sharedNames.isDisjoint(with: $0.spec.names) }.map { $0.lifted(\.run) }

    /// `import`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        var command = ImportCommand(options: self, settings: try await run.settings(), context: run.context)
        command.resumeCommand = ResumeCommand.text(for: run.arguments)
        command.temporaryFolder = run.temporaryBase
        command.catchesInterrupt = run.environmentCheck != nil
        return try await command.run()
    }
}
