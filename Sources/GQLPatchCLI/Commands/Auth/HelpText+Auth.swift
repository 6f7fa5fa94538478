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

        \(globalsPointer)

        """

    /// `auth login --help`, `auth status --help`, `auth logout --help`: the action's own page.
    package static func auth(action: String) -> String? {
        switch action {
        case "login":
            return """
                Usage: gqlpatch [global options] auth login --username NAME

                Signs in to the app's Cognito user pool (the password from GQLPATCH_PASSWORD or
                --password-file, never the command line; an MFA code from --mfa-code or
                GQLPATCH_TOTP_SECRET) and caches the tokens, 0600, in $XDG_CACHE_HOME/gqlpatch/tokens/
                (else ~/.cache/gqlpatch/tokens/). Later commands with --auth user-pool and the same
                user use and refresh them. Prints {"username", "pool", "client", "expires"}; never a
                token. The pool and app client: --user-pool-id and --client-id, or the Amplify config.

                Example:
                  GQLPATCH_PASSWORD=... gqlpatch auth login --username ci-bot

                \(globalsPointer)

                """
        case "status":
            return """
                Usage: gqlpatch [global options] auth status --username NAME

                Prints who is signed in, until when, and whether a refresh token is held, from the
                token cache: {"username", "pool", "client", "expires", "expired", "refreshToken"}. Exit 77 when
                the user is not signed in. Sends nothing.

                Example:
                  gqlpatch auth status --username ci-bot | jq -r .expires

                \(globalsPointer)

                """
        case "logout":
            return """
                Usage: gqlpatch [global options] auth logout --username NAME [--everywhere]

                Deletes the user's cached tokens. With --everywhere, first revokes the user's tokens
                on every device (Cognito GlobalSignOut).

                \(AuthOptions.optionTable.helpList)

                Example:
                  gqlpatch auth logout --username ci-bot --everywhere

                \(globalsPointer)

                """
        default:
            return nil
        }
    }
}
