import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchOperations
@testable import GQLPatchSchema

/// `copy`'s check from the two schemas (`ImportSchemaCheck`): what the export will write against
/// what the target's inputs take, before any record is read.
@Suite struct ImportSchemaCheckTests {
    static let source = """
        type Blog @model @auth(rules: [{ allow: public }]) {
          id: ID!
          name: String!
          rank: Int
          tags: [String]
          colour: String
        }
        type Note @model @auth(rules: [{ allow: owner }]) {
          id: ID!
          text: String
          owner: String
        }
        """

    private func catalogue(_ text: String) throws -> ModelCatalogue {
        try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(text.utf8)]))
    }

    /// The export lines of every model of `source`.
    private func lines(_ source: ModelCatalogue) -> [ExportLine] {
        source.modelNames.compactMap { source.models[$0] }.map {
            ExportLine(model: $0, catalogue: source, includeTimestamps: false)
        }
    }

    @Test func theSameSchemaFitsWithAnOwnerMapping() throws {
        let source = try catalogue(Self.source)
        let check = ImportSchemaCheck(
            rewrite: ImportRewrite(catalogue: source, mode: .upsert, ownerMap: ["a": "b"]), source: source)
        #expect(check.problems(lines(source)).isEmpty)
    }

    @Test func eachProblemTheSchemasShow() throws {
        let source = try catalogue(Self.source)
        // The target: no colour, rank a Float (an Int fits), tags one value, a required field the
        // source lacks, and Note's owner rule.
        let target = try catalogue(
            Self.source.replacingOccurrences(of: "  colour: String\n", with: "  since: AWSDate!\n")
                .replacingOccurrences(of: "rank: Int", with: "rank: Float")
                .replacingOccurrences(of: "tags: [String]", with: "tags: String"))
        let check = ImportSchemaCheck(rewrite: ImportRewrite(catalogue: target, mode: .upsert), source: source)
        let problems = check.problems(lines(source))
        #expect(
            problems == [
                ImportProblem(
                    model: "Blog", field: "tags",
                    kind: .wrongType(
                        message: "the source's [String] does not fit the target's String (a list against one value)"),
                    firstLine: 0, lines: 0),
                ImportProblem(
                    model: "Blog", field: "colour", kind: .unknownField(input: "UpdateBlogInput"), firstLine: 0,
                    lines: 0),
                ImportProblem(
                    model: "Blog", field: "since", kind: .requiredNeverSet(input: "CreateBlogInput"), firstLine: 0,
                    lines: 0),
                ImportProblem(model: "Note", field: "owner", kind: .ownersNotMapped, firstLine: 0, lines: 0),
            ], "\(problems)")
    }

    @Test func oneOwnerForAllSetsTheOwnerFieldsTheSourceLacks() throws {
        let source = try catalogue(Self.source.replacingOccurrences(of: "  owner: String\n", with: ""))
        let target = try catalogue(
            Self.source.replacingOccurrences(of: "  owner: String\n", with: "  owner: String!\n"))
        let without = ImportSchemaCheck(rewrite: ImportRewrite(catalogue: target, mode: .upsert), source: source)
        #expect(
            without.problems(lines(source)) == [
                ImportProblem(
                    model: "Note", field: "owner", kind: .requiredNeverSet(input: "CreateNoteInput"), firstLine: 0,
                    lines: 0)
            ])
        let with = ImportSchemaCheck(
            rewrite: ImportRewrite(catalogue: target, mode: .upsert, owner: "bob"), source: source)
        #expect(with.problems(lines(source)).isEmpty)
    }

    @Test func replaceClearsTheTargetsFieldsTheExportNeverWrites() throws {
        let source = try catalogue(Self.source.replacingOccurrences(of: "  colour: String\n", with: ""))
        let target = try catalogue(Self.source)
        let check = ImportSchemaCheck(
            rewrite: ImportRewrite(catalogue: target, mode: .replace, ownerMap: ["a": "b"]), source: source)
        #expect(check.problems(lines(source)).isEmpty)
        #expect(check.clearedFields(lines(source)) == ["Blog": ["colour"]])
    }
}
