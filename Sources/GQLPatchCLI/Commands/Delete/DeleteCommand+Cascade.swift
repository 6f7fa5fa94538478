import GQLPatchBatch
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension DeleteCommand {
    /// `delete --cascade`: the tree under the record, read first (`CascadeDelete`, through the record
    /// service), then deleted depth first, children before their parent, one JSON line per deleted
    /// record. With `--dry-run` only the reads happen and the records that would be deleted are
    /// listed. A failure part-way stops the cascade and says what was and was not deleted.
    func runCascade(_ plan: Plan, session: CommandSession) async throws(GQLPatchError) {
        let cascade = cascade(session)
        let order = try await cascade.plan(
            model: plan.model, key: plan.key, condition: plan.condition, expectVersion: options.expectVersion)
        if settings.dryRun {
            for target in order {
                try session.printLine(
                    .object(
                        JSONObject([
                            ("model", .string(target.model.name)), ("key", .object(target.key)),
                            ("dryRun", .bool(true)),
                        ])))
            }
            session.console.message(
                "gqlpatch: dry run: \(order.count) record\(order.count == 1 ? "" : "s") would be deleted; nothing was written"
            )
            return
        }
        let softDeletes: Int
        do throws(CascadeDelete.Stopped) {
            softDeletes = try await cascade.run(
                order, condition: plan.condition, expectVersion: options.expectVersion
            ) { (target, outcome) throws(GQLPatchError) in
                try session.printLine(
                    .object(
                        JSONObject([
                            ("model", .string(target.model.name)), ("key", .object(target.key)),
                            ("record", outcome.record ?? .null),
                        ])))
            }
        } catch {
            throw Self.stopped(error.error, at: error.index, of: order)
        }
        if softDeletes > 0 {
            session.console.message(
                "gqlpatch: note: \(softDeletes) of the records are versioned: their deletes are soft (they stay with _deleted: true)"
            )
        }
    }

    /// The cascade's reads through `session`, its refusals in the command line's words.
    func cascade(_ session: CommandSession) -> CascadeDelete {
        let schemaSource = settings.schemaSource
        return CascadeDelete(records: session.records(), pageSize: options.pageSize) { refusal in
            Self.words(refusal, schemaSource: schemaSource)
        }
    }

    /// The error of a cascade stopped by `error` at `order[index]`: what was deleted and what was not.
    private static func stopped(_ error: GQLPatchError, at index: Int, of order: [CascadeDelete.Target])
        -> GQLPatchError
    {
        let target = order[index]
        func listed(_ targets: ArraySlice<CascadeDelete.Target>) -> String {
            let names = targets.map(\.name)
            let shown =
                names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", and \(names.count - 20) more" : "")
            return shown.isEmpty ? "none" : shown
        }
        if error.code == .ioError {
            // The delete went through; only its line could not be printed.
            return GQLPatchError(
                .ioError,
                "\(error.message)\ngqlpatch: the cascade stopped after deleting \(index + 1) of \(order.count) records "
                    + "(\(target.name) last); not deleted: \(listed(order[(index + 1)...]))")
        }
        // Without an answer the failed delete may have happened: say so rather than guess.
        let unknown = error.code == .unavailable || error.code == .badResponse
        let shown = listed(order[(unknown ? index + 1 : index)...])
        let uncertain = unknown ? "; \(target.name) may or may not have been deleted (no answer)" : ""
        return GQLPatchError(
            error.code,
            "cascade stopped at \(target.name): \(error.message)\n"
                + "gqlpatch: deleted \(index) of \(order.count) records (listed on stdout)\(uncertain); not deleted: \(shown)"
        )
    }

    /// A refusal of the cascade's, in the command line's words.
    private static func words(_ refusal: CascadeDelete.Refusal, schemaSource: String) -> GQLPatchError {
        let cascade = OptionName.cascade
        switch refusal {
        case .noGetQuery(let model, nil):
            return .invalidInput("\(cascade) needs a get query for \(model) to read its relationships")
        case .noGetQuery(let model, let field?):
            return .invalidInput("\(cascade) needs a get query for \(model) to read its \(field)")
        case .unlinked(let parent, let field, let child):
            return .configuration(
                "\(cascade): \(schemaSource) does not say which fields of \(child) hold \(parent)'s key (\(parent).\(field)), and \(child) has no single field back to \(parent), so the children the server returns cannot be checked; nothing was sent"
            )
        case .unlinkedChild(let parent, let child):
            return .configuration("\(cascade): the schema does not say how \(child) refers to \(parent)")
        }
    }
}
