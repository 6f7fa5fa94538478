extension HelpText {
    package static let auth = """
        Usage: gqlpatch [global options] auth login
               gqlpatch [global options] auth status
               gqlpatch [global options] auth logout [--everywhere]

        Signs in to the app's Cognito user pool as --username (the password from GQLPATCH_PASSWORD
        or --password-file, never the command line) and caches the tokens, 0600, in
        $XDG_CACHE_HOME/gqlpatch/tokens/ (else ~/.cache/gqlpatch/tokens/). Later commands with
        --auth user-pool and the same user use and refresh them. The pool and app client come from
        --user-pool-id and --client-id, or amplify_outputs.json / amplifyconfiguration.json.

        login prints {"username", "pool", "client", "expires"}; status prints who is signed in,
        until when, and whether a refresh token is held (exit 77 when not signed in); logout
        deletes the cached tokens. No token is ever printed.

        \(AuthOptions.optionTable.helpList)

        Examples:
          GQLPATCH_PASSWORD=... gqlpatch auth login --username ci-bot
          gqlpatch auth status --username ci-bot | jq -r .expires
          gqlpatch auth logout --username ci-bot --everywhere

        \(globalOptions)

        \(exitCodes)

        """
}
