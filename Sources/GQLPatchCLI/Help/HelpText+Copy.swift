extension HelpText {
    package static let copy = """
        Usage: gqlpatch [global options] copy [<Model>...] [--from-OPTION VALUE]... [--to-OPTION VALUE]...
                                            [--where F=V]... [--mask MODEL.FIELD[=KIND]]... [--mode M]
                                            [--map-owner OLD=NEW]... [--owner VALUE] [-j N]

        Copies the records of the named models (default: every model) from one API ("from") into
        another ("to"): export into a private temporary file, then import of it (parents first; the
        whole file checked against the target's schema before anything is sent; the file removed
        at the end). Output and exit codes are import's; check the result with gqlpatch diff.

        \(CopyOptions.ownBindings.map(\.spec).helpList)

        \(APISide.helpBlock)

        Examples:
          gqlpatch copy Customer Order --from-config prod.json --to-config staging.json \\
                   --mask Customer.email --mask Customer.fullName=name --mask-key "$MASK_KEY"

        \(globalsPointer)

        """
}
