import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchOperations
@testable import GQLPatchSchema

/// `import`'s first pass (`ImportSurvey`) and its rewrite of export lines (`ImportRewrite`).
@Suite struct ImportSurveyTests {
    static let schema = """
        type Blog @model @auth(rules: [{ allow: public }]) {
          id: ID!
          name: String!
          rank: Int
          note: String
        }
        type Note @model @auth(rules: [{ allow: owner }, { allow: owner, ownerField: "editors" }]) {
          id: ID!
          text: String
          owner: String
          editors: [String]
        }
        """

    private func catalogue() throws -> ModelCatalogue {
        try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(Self.schema.utf8)]))
    }

    private func survey(_ lines: [String], rewrite: ImportRewrite) -> ImportSurvey {
        let parser = BatchLineParser(
            catalogue: rewrite.catalogue, conflictResolution: .auto, atomic: false,
            wording: ApplyLineWording(run: SourceNameWording()))
        var survey = ImportSurvey(rewrite: rewrite, parser: parser)
        for (index, text) in lines.enumerated() { survey.add(JSONLine(number: index + 1, bytes: Array(text.utf8))) }
        return survey
    }

    @Test func aFittingFileHasNoProblems() throws {
        let result = survey(
            [
                #"{"op":"upsert","model":"Blog","key":{"id":"b1"},"set":{"name":"A","rank":1}}"#,
                #"{"op":"update","model":"Blog","key":{"id":"b1"},"set":{"note":"x"}}"#,
            ], rewrite: ImportRewrite(catalogue: try catalogue(), mode: .upsert))
        #expect(result.problems.isEmpty)
        #expect(result.lines == 2)
    }

    @Test func eachKindOfMismatchIsListedOncePerModelAndField() throws {
        let result = survey(
            [
                #"{"op":"upsert","model":"Post","key":{"id":"p1"},"set":{"title":"A"}}"#,
                #"{"op":"upsert","model":"Post","key":{"id":"p2"},"set":{"title":"B"}}"#,
                #"{"op":"upsert","model":"Blog","key":{"id":"b1"},"set":{"rank":"high","colour":"red"}}"#,
                #"{"op":"upsert","model":"Blog","key":{"id":"b2"},"set":{"rank":"low"}}"#,
                #"not json"#,
            ], rewrite: ImportRewrite(catalogue: try catalogue(), mode: .upsert))
        let problems = result.problems
        #expect(problems.count == 5, "\(problems)")
        #expect(problems[0] == ImportProblem(model: "Post", field: nil, kind: .unknownModel, firstLine: 1, lines: 2))
        #expect(
            problems[1]
                == ImportProblem(
                    model: "Blog", field: "colour", kind: .unknownField(input: "UpdateBlogInput"), firstLine: 3))
        #expect(problems[2].model == "Blog" && problems[2].field == "rank" && problems[2].lines == 1)
        guard case .wrongType(let message) = problems[2].kind else {
            Issue.record("\(problems[2])")
            return
        }
        #expect(message.contains("rank"), "\(message)")
        #expect(problems[3].firstLine == 5)
        #expect(
            problems[4]
                == ImportProblem(
                    model: "Blog", field: "name", kind: .requiredNeverSet(input: "CreateBlogInput"), firstLine: 0,
                    lines: 0))
    }

    @Test func ownerValuesNeedAMappingOrAnOwner() throws {
        let lines = [
            #"{"op":"upsert","model":"Note","key":{"id":"n1"},"set":{"text":"a","owner":"alice","editors":["bob","carol"]}}"#,
            #"{"op":"upsert","model":"Note","key":{"id":"n2"},"set":{"text":"b","owner":null,"editors":null}}"#,
        ]
        let catalogue = try catalogue()
        let refused = survey(
            lines, rewrite: ImportRewrite(catalogue: catalogue, mode: .upsert, ownerMap: ["bob": "b2"]))
        #expect(
            refused.problems == [
                ImportProblem(model: "Note", field: "owner", kind: .unmappedOwner(values: ["alice"]), firstLine: 1),
                ImportProblem(model: "Note", field: "editors", kind: .unmappedOwner(values: ["carol"]), firstLine: 1),
            ])
        let mapping = ImportRewrite(
            catalogue: catalogue, mode: .upsert, ownerMap: ["alice": "a2", "bob": "b2", "carol": "c2"])
        #expect(survey(lines, rewrite: mapping).problems.isEmpty)
        let mapped = mapping.rewrite(try JSONValue.parse(lines[0]).objectValue!)
        #expect(mapped["set"] == ["text": "a", "owner": "a2", "editors": ["b2", "c2"]])
        let owned = ImportRewrite(catalogue: catalogue, mode: .upsert, owner: "me")
        #expect(survey(lines, rewrite: owned).problems.isEmpty)
        #expect(
            owned.rewrite(try JSONValue.parse(lines[1]).objectValue!)["set"] == [
                "text": "b", "owner": "me", "editors": ["me"],
            ])
    }

    @Test func createModeCreatesAndSetsLinksOnlyWhereNone() throws {
        let rewrite = ImportRewrite(catalogue: try catalogue(), mode: .create)
        let first = rewrite.rewrite(
            try JSONValue.parse(#"{"op":"upsert","model":"Blog","key":{"id":"b1"},"set":{"name":"A"}}"#).objectValue!)
        #expect(first["op"] == "create")
        let second = rewrite.rewrite(
            try JSONValue.parse(#"{"op":"update","model":"Blog","key":{"id":"b1"},"set":{"note":"x"}}"#).objectValue!)
        #expect(second["op"] == "update")
        #expect(second["if"] == ["note": .null])
    }

    @Test func replaceClearsTheFieldsNoLineNames() throws {
        let lines = [
            #"{"op":"upsert","model":"Blog","key":{"id":"b1"},"set":{"name":"A"}}"#,
            #"{"op":"update","model":"Blog","key":{"id":"b1"},"set":{"note":"x"}}"#,
        ]
        var rewrite = ImportRewrite(catalogue: try catalogue(), mode: .replace)
        let result = survey(lines, rewrite: rewrite)
        #expect(result.clearedFields == ["Blog": ["rank"]])
        rewrite.cleared = result.clearedFields
        #expect(rewrite.rewrite(try JSONValue.parse(lines[0]).objectValue!)["set"] == ["name": "A", "rank": .null])
        #expect(rewrite.rewrite(try JSONValue.parse(lines[1]).objectValue!)["set"] == ["note": "x"])
        let line = JSONLine(number: 4, bytes: Array(lines[0].utf8))
        #expect(rewrite.rewrite(line) == rewrite.rewrite(line))
        #expect(rewrite.rewrite(line).number == 4)
    }
}
