/// The `--help` text of `env`.
extension HelpText {
    package static let env = """
        Usage: gqlpatch [global options] env add NAME (--endpoint URL | --config PATH | --api-id ID)
                   [--schema PATH] [--auth MODE] [--region R] [--profile P] [--user-pool-id ID] [--client-id ID]
                   [--api-key-env VAR | --api-key-file PATH] [--protect]
               gqlpatch env list | show [NAME] | remove NAME | use NAME

        Named environments (staging, production, a customer's sandbox), kept in
        $XDG_CONFIG_HOME/gqlpatch/environments.json (else ~/.config/gqlpatch/; 0600). A command
        uses one with --env NAME or GQLPATCH_ENV=NAME; 'env use NAME' makes one the default in a
        folder that has no Amplify config of its own. Value by value, a flag wins, then the
        environment named with --env or GQLPATCH_ENV, then the GQLPATCH_* variables, then the
        folder's Amplify config, then the default. --env writes nothing.

          add     store the API's place and auth as given with it (global options); never a secret:
                  an API key is named by the variable or file that holds it
          list    every environment as JSON (the default marked)
          show    what a command here would use, each value with where it comes from (NAME: as
                  with --env NAME); an API key shows its source, never its value
          remove  forget one;  use: make one the default

        \(EnvOptions.optionTable.helpList)

        A write (update, create, delete, upsert, edit, touch, apply, import, insert, renumber, a
        mutation by query or call) to a protected environment asks for its name on a terminal, and
        needs --yes elsewhere (exit 64, nothing sent). Reads and --dry-run are free.

        Examples:
          gqlpatch env add staging --endpoint https://stg.example.com/graphql --api-key-env STG_KEY
          gqlpatch env add prod --api-id abcdefghijklmnopqrstuvwxyz --region eu-west-1 --auth iam --protect
          gqlpatch --env staging get Item --id 42
          GQLPATCH_ENV=prod gqlpatch update Item --id 42 --set status=DONE --yes
          gqlpatch env show prod

        \(globalsPointer)

        """
}
