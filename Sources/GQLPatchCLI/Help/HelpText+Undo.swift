extension HelpText {
    package static let undo = """
        Usage: gqlpatch [global options] undo FILE [--run ID] [--only KEY]... [-j N] [--journal PATH]

        Puts back what the runs of an undo log changed. Any command that writes records takes
        --undo-log FILE (or GQLPATCH_UNDO_LOG): each write is logged, fsynced, before it is sent,
        with the record as it was, and again with the record as the server answered. undo reads the
        log whole, counts the writes and asks (--yes outside a terminal), then walks them newest
        first and puts a record back only while it is still as that write left it (its _version,
        else every field the write set and its updatedAt): an update is reverted field by field (a
        field that was absent is removed), a create deleted, a delete created again with its key
        and fields. A record changed since is left alone and reported changed-since with the values
        as the write left them and as they are now. A write whose answer was lost is settled by
        reading the record. One JSON line per write: undone, changed-since, already-undone,
        not-applied (its answer was lost and it never landed), nothing-to-undo (a touch), failed.

        \(UndoOptions.optionTable.helpList)

        A log written against another API is refused unless the target is named (--endpoint,
        --env, --api-id, --config). --dry-run reads each record and reports would-undo or
        changed-since; nothing is written. A soft-deleted record of a versioned model cannot be
        created again until its tombstone expires: reported failed, its values kept in the log.
        Exit 0 when everything was put back, 2 when some record had changed since, 4 on a failure.

        Examples:
          gqlpatch update Item --where description=draft --set description=final --yes --undo-log run.undo
          gqlpatch --dry-run undo run.undo
          gqlpatch undo run.undo --yes -j 16 --journal undo.journal
          gqlpatch undo run.undo --only 42 --yes

        \(globalsPointer)

        """
}
