import GQLPatchCompletion
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport

/// `gqlpatch __complete CWORD WORDS...`, the hidden fast path of the completion scripts: prints the
/// candidates for `WORDS[CWORD]` one a line (see `CompletionCandidates`). It never sends a request,
/// reads no credentials, and on any problem (no schema, a schema that does not parse, bad arguments)
/// prints nothing and exits 0: a Tab must never print errors into the user's line. The schema's
/// models, fields and enums come through the completion cache (`CompletionCache`) unless it is off.
package enum CompletionCommand {
    package static let name = "__complete"

    /// `arguments`: CWORD, then the words (the program name first).
    package static func run(_ arguments: [String], environment: [String: String], context: RunContext) -> Int32 {
        guard let cword = arguments.first.flatMap({ Int($0) }), cword >= 0 else { return ExitCode.success.rawValue }
        let cache = CompletionCache(environment: environment)
        let candidates = CompletionCandidates.candidates(words: Array(arguments.dropFirst()), current: cword) {
            options, focus -> (any CompletionSource)? in
            // `-` would wait for standard input.
            let named = [options.schemaPath, options.configPath, environment["GQLPATCH_SCHEMA"]]
            guard !named.contains("-") else { return nil }
            let load = { (context: RunContext, focus: CatalogueFocus?) in
                try? Settings.catalogue(
                    options.settingsInput, environment: environment, context: context.settings, focus: focus)
            }
            guard let cache else { return load(context, focus) }
            return cache.source(options: options, environment: environment, context: context, focus: focus, load: load)
        }
        if !candidates.isEmpty {
            try? context.console.write(Array(candidates.map { $0 + "\n" }.joined().utf8))
        }
        try? context.console.finishOutput()
        return ExitCode.success.rawValue
    }
}
