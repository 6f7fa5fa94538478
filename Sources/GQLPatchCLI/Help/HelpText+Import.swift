extension HelpText {
    package static let importCommand = """
        Usage: gqlpatch [global options] import FILE [--mode upsert|create|replace]
                                              [--map-owner OLD=NEW]... [--owner VALUE]
                                              [-j N] [--rate N|auto] [--journal PATH [--resume]]

        Writes a file that export wrote into the API the global options name (its schema is the
        target's; the file's records keep their keys). The whole file is checked first, and nothing
        is sent when it does not fit the target (exit 65, every problem listed per model and field):
        a model the target lacks, a field its input lacks, a value its field's type refuses, a
        field its create input requires that no line sets, owner values without a mapping. A file
        cut short or changed since export wrote it (its end line missing or disagreeing) is refused
        too (65); a file without export's first line (an older export) is read with a note.

        Lines run as apply runs them, with a barrier wherever the file's model changes and before
        the second pass: no child is created before its parent. Owner fields (of the target's @auth
        owner rules) are mapped by --map-owner or set by --owner; an owner neither covers is refused.
        On a versioned target a tombstone in the way is reported (not_found), never brought back.

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
