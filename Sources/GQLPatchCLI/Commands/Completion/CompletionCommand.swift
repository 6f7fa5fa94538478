import GQLPatchCompletion
import GQLPatchOperations
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
        let environments = {
            (try? EnvironmentStore(environment: environment, warn: { _ in })?.load())?.environments.map(\.name) ?? []
        }
        let candidates = CompletionCandidates.candidates(
            words: Array(arguments.dropFirst()), current: cword, environments: environments
        ) {
            options, focus -> (any CompletionSource)? in
            // `-` would wait for standard input.
            let named = [options.schemaPath, options.configPath, environment["GQLPATCH_SCHEMA"]]
            guard !named.contains("-") else { return nil }
            let load = { (context: RunContext, focus: CatalogueFocus?) -> CatalogueCompletionSource? in
                guard
                    let (catalogue, source) = try? Settings.catalogueAndSource(
                        options.settingsInput, environment: environment, context: context.settings, focus: focus)
                else { return nil }
                let files = context.files
                return CatalogueCompletionSource(catalogue: catalogue) {
                    let table = try? CallCommand.operations(catalogue: catalogue, source: source, files: files)
                    return (table?.custom ?? []).map { operation in
                        CompletionOperation(
                            name: operation.name,
                            arguments: operation.arguments.map { argument in
                                let type = argument.type.namedType
                                return CompletionOperation.Argument(
                                    name: argument.name, enumType: catalogue.enums[type] != nil ? type : nil,
                                    json: CustomOperation.takesJSON(argument, in: catalogue))
                            })
                    }
                }
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
