extension HelpText {
    package static let export = """
        Usage: gqlpatch [global options] export [<Model>...] [--where FIELD=VALUE]... [-o FILE]
                                              [--include-deleted] [--include-timestamps]
                                              [--concurrency N] [--state FILE]
                                              [--mask MODEL.FIELD[=KIND]]... [--mask-key KEY]

        Writes every record of the named models (default: every model the API can list) as JSON
        Lines that apply takes back unchanged, one per record, between a first line naming the export
        and an end line counting and digesting it (so a file cut short or changed is refused):
          {"op": "upsert", "model": "Item", "key": {"id": "42"}, "set": {"name": "Lamp", ...}}
        "set" holds every field the API takes in a write (foreign keys included, relationships
        never), null fields as null (so an upsert over a record clears them too); never _version,
        _lastChangedAt or _deleted, and createdAt/updatedAt only with --include-timestamps. A
        record that is all key is a "create" line; so is every record of a model without an update.

        Parents come before their children: models are ordered by their relationships (@belongsTo,
        @hasMany, @hasOne, v1 @connection keys; a join model after both sides). A cycle (a model
        that refers to itself, or A -> B -> A) is reported on stderr and broken at a nullable
        foreign key: the first pass leaves it out, and an "update" line per record at the end sets it.

        Models are read --concurrency at a time into part files, written model by model (a summary of
        counts on stderr). With --state, a run that stopped (Ctrl-C, a lost connection, kill) goes on
        when the same command runs again: the output is cut back to what was recorded, no line is
        written twice, and the state file is removed at the end. A masked key is masked alike in the
        foreign keys that refer to it, so relations hold.

        \(ExportOptions.optionTable.helpList)

        Examples:
          gqlpatch export -o backup.jsonl
          gqlpatch export Blog Post Comment --state export.state -o blog.jsonl
          gqlpatch apply backup.jsonl      # into another API (its own --config or --endpoint)

        \(globalsPointer)

        """
}
