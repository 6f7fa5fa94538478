/// The `--help` texts of the sequence commands (issue 18). Their option lists come from each
/// command's `optionTable`.
extension HelpText {
    package static let dups = """
        Usage: gqlpatch [global options] dups <Model> --key FIELD=VALUE --by FIELD,... [--index NAME]
                                            [--page-size N]

        Reads one parent's records (the --key is the partition key of the primary key or of an
        index with a query: never a scan), every page, and prints each group of two or more records
        with equal values in all the --by fields as a JSON line: {"values": {...}, "keys": [...]}
        (an absent value counts as null; soft-deleted tombstones are left out). Exit 0 when there is
        no group, 1 when there is one, for CI checks.

        \(DupsOptions.optionTable.helpList)

        Examples:
          gqlpatch dups RecipeStep --key recipeID=r1 --by itemCode,action
          gqlpatch dups RecipeStep --key recipeID=r1 --by itemCode | jq -c '.keys'

        \(globalsPointer)

        """
}
