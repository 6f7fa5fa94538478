extension HelpText {
    package static let copy = """
        Usage: gqlpatch [global options] copy [<Model>...] [--from-OPTION VALUE]... [--to-OPTION VALUE]...
                                            [--where F=V]... [--mask MODEL.FIELD[=KIND]]... [--mode M]
                                            [--map-owner OLD=NEW]... [--owner VALUE] [-j N]

        Copies the records of the named models (default: every model) from one API ("from") into
        another ("to"): export streamed into import, with no file between them (parents first;
        what the two schemas decide checked before anything is read, each record's values as it is
        written; not resumable). Output and exit codes are import's; check with gqlpatch diff.

        \(CopyOptions.ownBindings.map(\.spec).helpList)

        \(APISide.helpBlock)

        Examples:
          gqlpatch copy Customer Order --from-config prod.json --to-config staging.json \\
                   --mask Customer.email --mask Customer.fullName=name --mask-key "$MASK_KEY"

        \(globalsPointer)

        """
}
