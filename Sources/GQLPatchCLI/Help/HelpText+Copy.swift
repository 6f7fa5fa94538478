extension HelpText {
    package static let copy = """
        Usage: gqlpatch [global options] copy [<Model>...] [--from-OPTION VALUE]... [--to-OPTION VALUE]...
                                            [--where F=V]... [--mask MODEL.FIELD[=KIND]]... [--mode M]
                                            [--map-owner OLD=NEW]... [--owner VALUE] [-j N]

        Copies the records of the named models (default: every model) from one API ("from") into
        another ("to"): export streamed into import, no file between them (parents first; the two
        schemas checked before anything is read; not resumable). Import's output and exit codes.

        \(CopyOptions.ownBindings.map(\.spec).helpList)

        \(APISide.helpBlock)

        Examples:
          gqlpatch copy Customer Order --from-config prod.json --to-config staging.json \\
                   --mask Customer.email --mask Customer.fullName=name --mask-key "$MASK_KEY"

        \(globalsPointer)

        """
}
