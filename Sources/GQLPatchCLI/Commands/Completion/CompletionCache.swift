import GQLPatchCompletion
import GQLPatchSchema
import GQLPatchSupport

/// The completion cache, used by `__complete` only (never by a real command): one file per schema
/// source in its folder (`CompletionCacheFolder`), holding what completion needs from the whole
/// catalogue (`CompletionCacheFile`), so a Tab on a large schema does not parse it again. The file is
/// trusted only while every file the load depended on has the same stamp. Every problem (no folder,
/// an unreadable, damaged, stale or foreign file, a failed write) falls back silently to loading the
/// schema as without a cache; a bad file is replaced.
package struct CompletionCache: Sendable {
    package var folder: CompletionCacheFolder

    /// The cache for this environment; nil when it is turned off or has no folder.
    package init?(environment: [String: String]) {
        guard let folder = CompletionCacheFolder(environment: environment) else { return nil }
        self.folder = folder
    }

    package init(directory: String) {
        folder = CompletionCacheFolder(directory: directory)
    }

    /// What completion reads for the line's `options`: the cache file when it is valid; else the whole
    /// catalogue, loaded by `load` through a recording context and written to the cache; else (the
    /// whole load failed) `load` with the completion's own `focus`, as without a cache.
    package func source(
        options: GlobalOptions, environment: [String: String], context: RunContext, focus: CatalogueFocus,
        load: (RunContext, CatalogueFocus?) -> CatalogueCompletionSource?
    ) -> (any CompletionSource)? {
        let selector = Self.selector(options, environment: environment, workingDirectory: context.workingDirectory)
        let path = folder.path(for: selector)
        if let bytes = CompletionCacheFolder.readCacheFile(path),
            let file = CompletionCacheFile(bytes: bytes, selector: selector)
        {
            return file
        }
        let started = FileStamp.now()
        let recorder = CompletionDependencyRecorder()
        var recording = context
        recording.files = recorder.recording(context.files)
        guard let loaded = load(recording, nil) else { return load(context, focus) }
        if let dependencies = recorder.dependencies,
            !dependencies.contains(where: { $0.stamp.isRecent(before: started) }),
            let bytes = CompletionCacheFile.encode(loaded, selector: selector, dependencies: dependencies)
        {
            folder.write(bytes, to: path)
        }
        return loaded
    }

    /// Everything that chooses which schema, config and settings the load uses: the working directory
    /// (`./schema.graphql`, config discovery), `--schema`/`GQLPATCH_SCHEMA` and `--config` as
    /// canonical absolute paths, `--conflict-resolution`, and whether the environment gives the
    /// endpoint and the auth (which decides whether the working directory's config is read). Never a
    /// secret's value: the selector is kept in the file in clear.
    package static func selector(_ options: GlobalOptions, environment: [String: String], workingDirectory: String)
        -> String
    {
        func given(_ name: String) -> String { environment[name].map { $0.isEmpty ? "0" : "1" } ?? "0" }
        func canonical(_ path: String) -> String { CompletionCacheFolder.canonical(path, in: workingDirectory) }
        let schema =
            options.schemaPath.flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["GQLPATCH_SCHEMA"].flatMap { $0.isEmpty ? nil : $0 }
        return [
            "cwd=" + canonical(workingDirectory),
            "schema=" + (schema.map(canonical) ?? ""),
            "config=" + (options.configPath.map(canonical) ?? ""),
            "conflict-resolution=" + options.conflictResolution.rawValue,
            "endpoint-env=" + given("GQLPATCH_ENDPOINT"),
            "auth-env=" + given("GQLPATCH_AUTH") + given("GQLPATCH_API_KEY"),
        ].joined(separator: "\n")
    }
}
