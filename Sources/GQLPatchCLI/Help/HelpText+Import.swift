extension HelpText {
    package static let importCommand = """
        Usage: gqlpatch [global options] import FILE [--mode upsert|create|replace]
                                              [--map-owner OLD=NEW]... [--owner VALUE]
                                              [-j N] [--rate N|auto] [--journal PATH [--resume]]
               gqlpatch [global options] import FILE.csv|FILE.tsv|- --model MODEL [--columns H=F,...]

        Writes into the API the global options name a file export wrote (its records keep their
        keys; no child is written before its parent), or a spreadsheet's rows as CSV or TSV: one
        model's records, the header naming fields (F.SUB for an object's), each cell typed by the
        schema (lists and AWSJSON as JSON). The whole file is checked first and nothing is sent when
        it does not fit (exit 65, every problem listed; a cell as FILE:LINE:COLUMN). Owner fields
        are mapped by --map-owner or set by --owner; an owner neither covers is refused.

        \(ImportOptions.optionTable.helpList)

        Exit: 0 every line done, 4 some lines failed (with --mode create, records already there),
        65 the file does not fit the target, 69 the endpoint unreachable, 130 Ctrl-C.

        Examples:
          gqlpatch --config staging.json import dev.jsonl --map-owner alice=alice-staging --journal dev.journal
          gqlpatch import prices.csv --model Product --columns SKU=id,Price=price --journal prices.journal

        \(globalsPointer)

        """
}
