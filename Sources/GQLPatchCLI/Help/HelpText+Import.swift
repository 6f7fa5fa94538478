extension HelpText {
    package static let importCommand = """
        Usage: gqlpatch [global options] import FILE [--mode upsert|create|replace]
                                              [--map-owner OLD=NEW]... [--owner VALUE]
                                              [-j N] [--rate N|auto] [--journal PATH [--resume]]

        Writes a file that export wrote into the API the global options name (its schema is the
        target's; the file's records keep their keys). The whole file is checked first, and nothing
        is sent when it does not fit the target (exit 65, every problem listed per model and field):
        a model the target lacks, a field its input lacks, a value its field's type refuses, a
        field its create input requires that no line sets, owner values without a mapping.

        Lines run as apply runs them (-j at a time, each record's lines in order, one JSON line
        each on stdout), with a barrier wherever the file's model changes and before the second
        pass's "update" lines: a model's records start only after every record of the models
        before it is written, so no child is created before its parent.

        Owner fields are those of the target's @auth owner rules (ownerField, owner by default):
        the owners of one user pool mean nothing in another's, so a line of such a model that holds
        an owner is refused unless --map-owner gives its new value (or --owner sets every one). On
        a versioned target, a record deleted there (a tombstone) is reported (not_found), never
        brought back.

        \(ImportOptions.optionTable.helpList)

        Exit: 0 every line done, 4 some lines failed (with --mode create, records already there),
        65 the file does not fit the target, 69 the endpoint unreachable, 130 Ctrl-C (with --journal,
        the --resume command is printed).

        Examples:
          gqlpatch --config dev.json export -o dev.jsonl
          gqlpatch --config staging.json import dev.jsonl --map-owner alice=alice-staging --journal dev.journal

        \(globalsPointer)

        """
}
