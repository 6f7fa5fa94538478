/// The `--help` texts of the sequence commands that move rows: `insert` and `renumber`. Their option
/// lists come from each command's `optionTable`.
extension HelpText {
    package static let insert = """
        Usage: gqlpatch [global options] insert <Model> --key PARENT=VALUE --at FIELD=N <value>...
                                              [--via-gap] [--journal PATH] [--max-attempts N]
               gqlpatch [global options] insert --resume JOURNAL

        Inserts a row into a sequence: the parent's records ordered by an Int field that a key sorts
        (the primary key's sort key, or an @index's). Reads the parent's rows through that key's query
        (every page), moves every row numbered N or more up by one, the last first, then creates the
        new row at N. A move of a key field is a create at the new key with the row's data and a
        delete of the old key; of a plain field, an update. Each move is guarded (the version read,
        else updatedAt as read), so a row someone changes meanwhile fails the insert rather than being
        overwritten. The moves run one at a time as one journaled batch (apply --atomic): a failure
        undoes every move made, last first; a run cut short (Ctrl-C, a kill) is finished by
        'insert --resume JOURNAL', which runs the same plan (JOURNAL.plan) from where it stopped.

        \(InsertOptions.optionTable.helpList)

        Prints one JSON line per move, {"op": "moved", "from": KEY, "to": KEY} (KEY: the record's key
        and its number), then the new record; --dry-run prints the planned moves and the new row.
        A versioned model's deletes leave tombstones, which no create can replace: moving its key rows
        in place is refused before anything is sent (exit 65). With --via-gap they move above every
        number used: all copies first, then the old keys' deletes, highest first; a failure part-way
        removes the copies of the rows not yet moved (moved rows keep their new numbers).

        Examples:
          gqlpatch insert RecipeStep --key recipeID=r1 --at rowID=3 --set action=Chop --journal chop.journal
          gqlpatch insert --resume chop.journal

        \(globalsPointer)

        """

    package static let renumber = """
        Usage: gqlpatch [global options] renumber <Model> --key PARENT=VALUE --field FIELD [--start N]
                                                [--step N] [--journal PATH] [--max-attempts N]
               gqlpatch [global options] renumber --resume JOURNAL

        Numbers a sequence without gaps: the parent's rows, in their order, take --start, --start +
        --step, ... Rows moving down move first, lowest first, then rows moving up, highest first, so
        no row ever lands on a number another still holds. The moves are guarded, journaled and undone
        at a failure as insert's are, and --resume finishes a run cut short. On a versioned model whose
        number is in the key, whose deletes leave tombstones, the rows can only move above every number
        used (--start past the largest; else exit 65, nothing sent), copies first as insert --via-gap.

        \(RenumberOptions.optionTable.helpList)

        Prints one JSON line per move, {"op": "moved", "from": KEY, "to": KEY}; --dry-run prints the
        planned moves ({"op": "move", ...}) and writes nothing.

        Examples:
          gqlpatch renumber RecipeStep --key recipeID=r1 --field rowID
          gqlpatch --dry-run renumber RecipeStep --key recipeID=r1 --field rowID --step 10

        \(globalsPointer)

        """
}
