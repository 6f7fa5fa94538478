import GQLPatchSettings
import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `gqlpatch copy`: `export` from the source into a private temporary file, then `import` of that
/// file into the target, with all that each does (parents first, masking, the whole file checked
/// against the target's schema before anything is sent, owner mapping, modes). The file is removed
/// when the copy ends, however it ends. Output and exit codes are import's.
package struct CopyCommand: Sendable {
    package var options: CopyOptions
    package var from: Settings
    package var to: Settings
    package var run: CommandRun

    package func run() async throws(GQLPatchError) -> ExitCode {
        let console = run.context.console
        if from.dryRun {
            // What would be read; the target is checked only against a file.
            try await options.export.command(settings: from, run: run).run()
            console.message(
                "gqlpatch: copy: dry run: the records would then be checked against the target's schema and written")
            return .success
        }
        let folder: String
        switch PrivateFiles.temporaryFolder(in: run.temporaryBase, named: "copy") {
        case .success(let made): folder = made
        case .failure(let failure):
            throw GQLPatchError(.ioError, "cannot create a temporary folder in \(run.temporaryBase): \(failure.reason)")
        }
        let file = folder + "/records.jsonl"
        defer {
            unlink(file)
            rmdir(folder)
        }
        var export = options.export
        export.output = file
        try await export.command(settings: from, run: run).run()
        var importing = options.import
        importing.path = file
        importing.run.path = file
        var command = ImportCommand(options: importing, settings: to, context: run.context)
        command.catchesInterrupt = run.environmentCheck != nil
        return try await command.run()
    }
}
