/// The scripts `gqlpatch completion SHELL` prints. Each asks the binary (`gqlpatch __complete CWORD
/// WORDS...`) for the candidates of the word under the cursor, and completes file names when it offers
/// none (after `FIELD=@`, for `--schema` and `--config`, or when nothing fits), after the last `=` or
/// `@` of the word. Candidates ending in `=` or `,` (`--set name=`) get no space after them.
public enum CompletionScript {
    public static func text(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    // The words are split from the line up to the cursor, not taken from COMP_WORDS, which bash splits
    // at COMP_WORDBREAKS (`=`, `@`, `:`); bash then replaces only the part of the word after the last
    // of those characters, so that part is cut off the candidates.
    package static let bash = #"""
        # bash completion for gqlpatch (from `gqlpatch completion bash`)
        _gqlpatch() {
            local line=${COMP_LINE:0:COMP_POINT}
            local -a words
            read -r -a words <<< "$line"
            if [[ ${#words[@]} -eq 0 || $line == *[[:space:]] ]]; then words+=(""); fi
            local cur=${words[${#words[@]}-1]}
            local broken=""
            if [[ $cur == *[$COMP_WORDBREAKS]* ]]; then broken=${cur%"${cur##*[$COMP_WORDBREAKS]}"}; fi
            local IFS=$'\n'
            local -a candidates
            candidates=($("${words[0]}" __complete $((${#words[@]} - 1)) "${words[@]}" 2>/dev/null))
            if [[ ${#candidates[@]} -eq 0 ]]; then
                local path=${cur#"$broken"} at=""
                if [[ $path == *@* ]]; then at=${path%"${path##*@}"}; path=${path##*@}; fi
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -f -- "$path"))
                if [[ -n $at ]]; then COMPREPLY=("${COMPREPLY[@]/#/$at}"); fi
                return 0
            fi
            COMPREPLY=("${candidates[@]#"$broken"}")
            if [[ ${#candidates[@]} -eq 1 && ${candidates[0]} == *[=,] ]]; then compopt -o nospace 2>/dev/null; fi
            return 0
        }
        complete -F _gqlpatch gqlpatch

        """#

    // Works from $fpath (autoloaded as `_gqlpatch`) and when sourced (it then registers itself).
    package static let zsh = #"""
        #compdef gqlpatch
        # zsh completion for gqlpatch (from `gqlpatch completion zsh`); install as _gqlpatch in $fpath.
        _gqlpatch() {
            local -a candidates spaced unspaced
            candidates=("${(@f)$("${(Q)words[1]}" __complete $((CURRENT - 1)) "${(@Q)words[1,CURRENT-1]}" "${(Q)PREFIX}" 2>/dev/null)}")
            candidates=(${candidates:#})
            if (( ${#candidates} == 0 )); then
                compset -P '*[=@]'
                _files
                return
            fi
            unspaced=(${(M)candidates:#*[=,]})
            spaced=(${candidates:#*[=,]})
            (( ${#spaced} )) && compadd -Q -- "${spaced[@]}"
            (( ${#unspaced} )) && compadd -Q -S '' -- "${unspaced[@]}"
            return 0
        }
        if [[ $funcstack[1] == _gqlpatch ]]; then
            _gqlpatch "$@"
        else
            compdef _gqlpatch gqlpatch
        fi

        """#

    // fish adds no space after a candidate ending in `=` or `,` by itself.
    package static let fish = #"""
        # fish completion for gqlpatch (from `gqlpatch completion fish`)
        function __gqlpatch_complete
            set -l tokens (commandline -opc)
            set -l current (commandline -ct)
            set -l candidates ($tokens[1] __complete (count $tokens) $tokens $current 2>/dev/null)
            if test (count $candidates) -gt 0
                printf '%s\n' $candidates
                return
            end
            set -l prefix (string match -r -- '^.*[=@]' $current)
            set -l path (string replace -r -- '^.*[=@]' '' $current)
            for file in (__fish_complete_path $path)
                printf '%s%s\n' "$prefix" $file
            end
        end
        complete -c gqlpatch -f -a '(__gqlpatch_complete)'

        """#
}
