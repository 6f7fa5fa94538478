extension HelpText {
    package static let completion = """
        Usage: gqlpatch completion bash|zsh|fish

        Prints a completion script for the shell. It completes commands, options, the values of
        --auth, --output, --conflict-resolution and --sort, and from the schema the command line
        would read (--schema, GQLPATCH_SCHEMA, ./schema.graphql, the config's model introspection):
        model names, field names after --set, --unset, --if, --where, --key and --select, and enum
        values after --set FIELD=; call's operations, their arguments after --arg (NAME= or NAME:=)
        and an enum argument's values. File names after FIELD=@, --schema and --config. It sends nothing.
        What a Tab reads from the schema is cached in $XDG_CACHE_HOME/gqlpatch/completion (else
        ~/.cache/gqlpatch/completion), checked against the files it came from on every Tab; set
        GQLPATCH_COMPLETION_CACHE=off to turn the cache off.

        make install puts the three scripts where bash-completion, zsh and fish look. By hand: bash,
        in ~/.bashrc; zsh, with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc; fish as it is.

        Examples:
          source <(gqlpatch completion bash)
          mkdir -p ~/.zfunc && gqlpatch completion zsh > ~/.zfunc/_gqlpatch
          mkdir -p ~/.config/fish/completions && gqlpatch completion fish > ~/.config/fish/completions/gqlpatch.fish

        \(globalsPointer)

        """
}
