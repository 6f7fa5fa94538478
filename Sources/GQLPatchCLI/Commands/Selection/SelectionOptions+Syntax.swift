import GQLPatchSupport

extension SelectionOptions {
    /// `list`'s options that pick the records, and `apply`'s that run the writes.
    static let listNames: Set<String> = [
        OptionName.where, OptionName.filter, OptionName.index, OptionName.limit, OptionName.pageSize,
    ]
    static let runNames: Set<String> = [
        OptionName.concurrency, OptionName.rate, OptionName.journal, OptionName.resume, OptionName.maxAttempts,
        OptionName.continueOnError,
    ]
    static let section = "Many records (instead of a key)"

    /// The options, stored at `path` of a command's options, listed on two lines of its help; but
    /// those `excluding` names (the command's own, which it hands over: `delete`'s `--page-size`).
    static func bindings<Target>(
        _ path: WritableKeyPath<Target, SelectionOptions> & Sendable, excluding: Set<String> = []
    ) -> [OptionBinding<Target>] {
        let pick = """
            the records list would print (gqlpatch list --help), or all: read
            first, counted and confirmed, then each written guarded by them
            """
        let run = """
            the writes run as apply runs lines, one JSON line each (gqlpatch
            apply --help); confirmed with the global --yes outside a terminal
            """
        let picking: [OptionBinding<SelectionOptions>] =
            ListOptions.bindings.filter { listNames.subtracting(excluding).contains($0.spec.name) }
            .map { $0.lifted(\.list) }
            + [.flag(OptionName.all, pick, sets: \.all)]
        let running: [OptionBinding<SelectionOptions>] =
            ApplyOptions.bindings.filter { runNames.contains($0.spec.name) }.map { $0.lifted(\.run) }
        return picking.map { $0.grouped(section, pick) }.map { $0.lifted(path) }
            + running.map { $0.grouped(section, run) }.map { $0.lifted(path) }
    }

    /// Checks what only goes together; `keyGiven`: a record's key was given too.
    func check(command: String, keyGiven: Bool) throws(GQLPatchError) {
        if all, !list.conditions.isEmpty || list.filter != nil {
            throw .usage(
                "\(OptionName.all) picks every record: give it without \(OptionName.where) or \(OptionName.filter)")
        }
        if isGiven, keyGiven {
            throw .usage(
                "\(command) takes a key or a selection (\(OptionName.where), \(OptionName.filter), \(OptionName.all)), not both"
            )
        }
        if !isGiven, onlyForSelection {
            throw .usage(
                "\(OptionName.limit), \(OptionName.journal) and the batch options go with \(OptionName.where), \(OptionName.filter) or \(OptionName.all) (many records)"
            )
        }
        if run.resume, run.journal == nil {
            throw .usage("\(OptionName.resume) needs \(OptionName.journal) PATH (the journal of the run to resume)")
        }
    }
}
