import Foundation
import GQLPatchSchema
import GQLPatchSupport
import GQLPatchTestSupport
import JSON
import Testing

/// gqlpatch against 90 real Amplify projects (`../shared/testdata/amplify/corpus`, read at test time):
/// for each, the catalogue read from the source schema laid out as in its project (and from
/// `amplify_outputs.json` where there is one) agrees with the one read from the schema the real
/// transformer compiled, and an update the CLI plans from the source for each model validates against
/// the compiled schema (graphql-core, one Python run for every document).
///
/// Here rather than in GQLPatchSchemaTests or EndToEndTests: the check needs both the catalogue's
/// whole content (input fields, `fieldVersioning`: more than `gqlpatch schema` prints) and the CLI's
/// own planning of an update (above GQLPatchSchema), which only this target reaches, in-process.
///
/// Pairs that still disagree are listed in `knownFailures` with the difference seen: the test checks
/// they still differ, so a pair that starts agreeing fails until it is taken off the list.
@Suite struct CorpusAgreementTests {
    static let pairs = CorpusPair.all()

    // The causes of the pairs that still differ. Most are what the pair itself cannot tell: a project's
    // files that were not committed (no `cli.json`), or a compiled schema made by an older transformer or
    // from another version of the source. A pair leaves the list when its reading agrees.
    static let noProjectFilesV1 =
        "no cli.json and no v1 directive in the pair: read as v2, the default without project files; the project compiled it with v1"
    static let noCLIJSONOldFlag =
        "no cli.json in the pair: read with a new project's respectprimarykeyattributesonconnectionfield (true); it was compiled with the pre-2023 default (false: messageImageCollectionId: ID)"
    static let olderV1Compiler =
        "an older v1 transformer: its CreateCreateEventInput has no id, today's v1 transformer's has"
    static let otherSourceVersion =
        "compiled from another version of the source: its inputs take task: TaskInput / tasks: [TaskInput], which source.graphql does not declare"

    /// Pair -> the cause of the difference it shows.
    static let knownFailures: [String: String] = [
        "COS301-SE-2022__Map-out-game-reserves-using-aerial-photographs__amplifyapp": noCLIJSONOldFlag,
        "andrewdr__Event-Planner__amplifyDatasource": olderV1Compiler,
        "dlcrouch2__cr-app__crinvapp": noProjectFilesV1,
        "mikepombal__hive-standup-ts__standupApi": noProjectFilesV1,
        "tuckerc__taskMaster__amplifyDatasource": otherSourceVersion,
    ]

    /// What one pair showed.
    struct Outcome: Sendable {
        var pair: CorpusPair
        var differences: [CatalogueDifference] = []
        var skips: [CorpusUpdatePlan.Skip] = []
        var checks: [(model: String, check: GraphQLCoreValidator.Check)] = []
        /// The catalogue read from the compiled schema (nil: it could not be read).
        var compiled: ModelCatalogue?
        /// The owner fields of the source reading's models.
        var ownerFields: Set<String> = []

        var failures: [CatalogueDifference] { differences.filter { !$0.oldCompiler } }
    }

    @Test(
        .enabled(
            if: !CorpusPair.all().isEmpty,
            "skipped: ../shared/testdata/amplify/corpus (the real Amplify projects) is not beside the repository"))
    func everyPairAgreesWithItsCompiledSchema() async throws {
        // The compiled schemas graphql-core reads stay here until the Python run.
        let scratch = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var outcomes: [Outcome] = []
        for pair in Self.pairs { outcomes.append(try await Self.outcome(pair, scratch: scratch)) }
        // One Python run validates every planned request of every pair.
        let checks = outcomes.flatMap { outcome in outcome.checks.map(\.check) }
        let results = try GraphQLCoreValidator.validate(checks)
        var index = 0
        for position in outcomes.indices {
            for (model, _) in outcomes[position].checks {
                for error in results[index] {
                    // A planned request the deployed API refuses is a command that fails for its
                    // users: never excused, whichever transformer compiled the API.
                    outcomes[position].differences.append(
                        .init(text: "\(model): a request planned from the source is invalid: \(error)"))
                }
                index += 1
            }
        }
        var report: [String] = []
        for outcome in outcomes {
            let name = outcome.pair.name
            let old = outcome.differences.filter(\.oldCompiler)
            if !old.isEmpty {
                report.append("\(name): older compiler (not failed): " + old.map(\.text).joined(separator: "; "))
            }
            if !outcome.skips.isEmpty {
                report.append("\(name): not planned: " + outcome.skips.map(\.description).joined(separator: "; "))
            }
            let failures = outcome.failures
            if let known = Self.knownFailures[name] {
                report.append(
                    "\(name): known failure (\(known)): \(failures.count) differences, the first: "
                        + (failures.first?.text ?? "none"))
                #expect(
                    !failures.isEmpty,
                    "\(name) now agrees with its compiled schema: take it off knownFailures (\(known))")
            } else {
                #expect(
                    failures.isEmpty,
                    "\(name): \(failures.count) differences:\n\(failures.map(\.text).joined(separator: "\n"))")
            }
        }
        let planned = outcomes.reduce(0) { $0 + $1.checks.count }
        print(
            "corpus: \(outcomes.count) pairs, \(planned) planned requests validated, \(Self.knownFailures.count) known failures\n"
                + report.joined(separator: "\n"))
    }

    /// The pair's differences and planned requests; the compiled schema for graphql-core is kept in
    /// `scratch/<pair>/`.
    static func outcome(_ pair: CorpusPair, scratch: URL) async throws -> Outcome {
        var outcome = Outcome(pair: pair)
        let (folder, schema) = try pair.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiledSDL = try pair.compiledSDL()
        let compiledPath = try Fixture.write(compiledSDL, to: "compiled.graphql", in: folder)
        let compiled: ModelCatalogue
        do {
            compiled = try CatalogueLoader.load(path: compiledPath, files: .local)
            outcome.compiled = compiled
        } catch {
            outcome.differences.append(.init(text: "the compiled schema cannot be read: \(error.message)"))
            return outcome
        }
        let source: ModelCatalogue
        do {
            source = try CatalogueLoader.load(path: schema, files: .local)
        } catch {
            outcome.differences.append(.init(text: "the source schema cannot be read: \(error.message)"))
            return outcome
        }
        outcome.differences += CatalogueComparison(read: source, compiled: compiled, readName: "source").differences()
        outcome.ownerFields = Set(source.models.values.flatMap(\.ownerFields))
        if let outputs = pair.file("amplify_outputs.json") {
            do {
                let introspected = try CatalogueLoader.load(path: outputs.path, files: .local)
                outcome.differences +=
                    CatalogueComparison(read: introspected, compiled: compiled, readName: "amplify_outputs.json")
                    .differences()
            } catch {
                outcome.differences.append(.init(text: "amplify_outputs.json cannot be read: \(error.message)"))
            }
        }
        // graphql-core reads the introspection result itself where that is what the project had.
        let kept = scratch.appendingPathComponent(pair.name)
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        let validationSchema = kept.appendingPathComponent(
            pair.file("compiled.introspection.json") == nil ? "compiled.graphql" : "compiled.introspection.json")
        try FileManager.default.copyItem(
            at: pair.file("compiled.introspection.json") ?? URL(fileURLWithPath: compiledPath), to: validationSchema)
        for name in source.modelNames {
            guard let model = source.models[name] else { continue }
            switch await CorpusUpdatePlan.plan(model, in: source, schema: schema, folder: folder.path) {
            case .failure(let skip):
                outcome.skips.append(skip)
            case .success(let plan):
                if let failure = plan.failure {
                    outcome.differences.append(.init(text: "\(name): the CLI cannot plan an update: \(failure)"))
                }
                for request in plan.requests {
                    guard let query = request["query"]?.stringValue else { continue }
                    outcome.checks.append(
                        (
                            name,
                            GraphQLCoreValidator.Check(
                                schemaPath: validationSchema.path, query: query,
                                variables: request["variables"]?.objectValue ?? JSONObject())
                        ))
                }
            }
        }
        return outcome
    }
}
