extension HelpText {
    package static let diff = """
        Usage: gqlpatch [global options] diff [<Model>...] [--from-OPTION VALUE]... [--to-OPTION VALUE]...
                                            [--include-timestamps] [--page-size N]

        Compares the records of two APIs (the source, "from", and the target, "to"), model by model
        (the named ones, default every model either can list), and writes one JSON line for each
        difference:
          {"model": "Post", "key": {"id": "p1"}, "diff": "only-from", "from": {...}}
          {"model": "Post", "key": {"id": "p2"}, "diff": "only-to", "to": {...}}
          {"model": "Post", "key": {"id": "p3"}, "diff": "changed", "fields": {"title": {"from": "A", "to": "B"}}}
        Records are matched by key; compared are the fields both schemas write, not what the server
        sets (createdAt and updatedAt only with --include-timestamps); soft-deleted records count as
        absent; AWSJSON values compare as the JSON they hold. A model or field only one schema has,
        and a summary of counts per model, go to stderr.

        Exit status: 0 when the two hold the same records, 1 when anything differs, another code
        for an error (see gqlpatch --help).

        \(DiffOptions.ownBindings.map(\.spec).helpList)

        \(APISide.helpBlock)

        Examples:
          gqlpatch diff --from-config dev/amplify_outputs.json --to-config staging/amplify_outputs.json
          gqlpatch --schema schema.graphql diff Post --from-endpoint "$A" --from-api-key "$KA" \\
                   --to-endpoint "$B" --to-api-key "$KB" | jq -c 'select(.diff == "changed")'

        \(globalsPointer)

        """
}
