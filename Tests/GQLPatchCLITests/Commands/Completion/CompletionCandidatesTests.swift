import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchCompletion
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The candidates of `gqlpatch __complete`, against a small source schema with an enum and a
/// composite key. The loader records the focus it was asked for.
@Suite struct CompletionCandidatesTests {
    static let schema = """
        enum Status { ACTIVE ARCHIVED DRAFT }
        type Task @model {
          id: ID!
          title: String!
          status: Status
          notes: String
        }
        type Step @model {
          recipeID: ID! @primaryKey(sortKeyFields: ["rowID"])
          rowID: Int!
          action: String
        }
        """

    func complete(_ line: String, schema: String? = Self.schema) -> [String] {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if words.last == nil { words = [""] }
        return CompletionCandidates.candidates(words: words, current: words.count - 1) { _, focus in
            guard let schema,
                let catalogue = try? CatalogueLoader.load(
                    path: "schema.graphql", files: .memory(["schema.graphql": Array(schema.utf8)]), focus: focus)
            else { return nil }
            return CatalogueCompletionSource(catalogue: catalogue)
        }
    }

    @Test func commandsAndHelpTopics() {
        #expect(complete("gqlpatch ") == CommandSyntax.all.map(\.name) + ["help"])
        #expect(complete("gqlpatch c") == ["create", "call", "copy", "completion"])
        #expect(complete("gqlpatch help de") == ["delete"])
        #expect(complete("gqlpatch --dry-run up") == ["update", "upsert"])
        #expect(complete("gqlpatch --schema x.graphql upd") == ["update"])
    }

    @Test func optionsOfTheCommandAndGlobalOnes() {
        #expect(complete("gqlpatch update Task --s") == ["--schema", "--select", "--set"])
        #expect(complete("gqlpatch --sel").isEmpty, "no command yet: only global options")
        let all = complete("gqlpatch apply -")
        #expect(all.contains("--journal") && all.contains("--endpoint") && all.contains("-h"))
        #expect(!all.contains("--set"))
    }

    @Test func fixedValues() {
        #expect(complete("gqlpatch --auth ") == ["api-key", "iam", "user-pool", "oidc", "lambda", "none"])
        #expect(complete("gqlpatch update Task --output e") == ["envelope"])
        #expect(
            complete("gqlpatch --conflict-resolution=o") == ["--conflict-resolution=on", "--conflict-resolution=off"])
        #expect(complete("gqlpatch list Task --sort ") == ["asc", "desc"])
        #expect(complete("gqlpatch completion ") == ["bash", "zsh", "fish"])
    }

    @Test func modelNames() {
        #expect(complete("gqlpatch update T") == ["Task"])
        #expect(complete("gqlpatch schema ") == ["Task", "Step", "pull"])
        #expect(complete("gqlpatch query T").isEmpty)
        #expect(complete("gqlpatch update Task T").isEmpty, "one model only")
        #expect(complete("gqlpatch update T", schema: nil).isEmpty)
        for command in ["upsert", "edit", "insert", "renumber", "watch", "wait"] {
            #expect(complete("gqlpatch \(command) S") == ["Step"], "\(command)")
        }
        // export takes any number of models, each once.
        #expect(complete("gqlpatch export ") == ["Task", "Step"])
        #expect(complete("gqlpatch export Task ") == ["Step"])
        #expect(complete("gqlpatch export Task Step ").isEmpty)
    }

    @Test func fieldNames() {
        #expect(
            complete("gqlpatch update Task --set ") == ["title=", "status=", "notes="], "the key goes with --id/--key")
        #expect(complete("gqlpatch create Task --set ") == ["id=", "title=", "status=", "notes="])
        #expect(complete("gqlpatch update Task --set=ti") == ["--set=title="])
        #expect(complete("gqlpatch update Task --unset n") == ["notes"])
        #expect(complete("gqlpatch list Task --where s") == ["status="])
        #expect(complete("gqlpatch get Step --key ") == ["recipeID=", "rowID="])
        #expect(
            complete("gqlpatch get Task --select title,") == [
                "title,id", "title,status", "title,notes", "title,createdAt", "title,updatedAt",
            ])
        #expect(complete("gqlpatch get Task --select title,n") == ["title,notes"])
        #expect(complete("gqlpatch update Nope --set ").isEmpty)
    }

    /// Each option's table entry says what it completes, so the list and counter edits offer the
    /// fields a write may set, and `create --next` the fields a sequence can number.
    @Test func whatEachTableEntryCompletes() {
        #expect(complete("gqlpatch update Task --append ") == ["id=", "title=", "status=", "notes="])
        #expect(complete("gqlpatch update Task --incr n") == ["notes="])
        #expect(complete("gqlpatch create Step --next r") == ["recipeID", "rowID"])
        #expect(complete("gqlpatch dups Step --by a") == ["action"])
        #expect(complete("gqlpatch update Task --patch ").isEmpty, "a file: left to the shell")
    }

    @Test func enumValuesAfterTheField() {
        #expect(complete("gqlpatch update Task --set status=") == ["status=ACTIVE", "status=ARCHIVED", "status=DRAFT"])
        #expect(complete("gqlpatch update Task --if status=D") == ["status=DRAFT"])
        #expect(complete("gqlpatch update Task --set title=").isEmpty, "not an enum")
    }

    @Test func fileNamesAreLeftToTheShell() {
        #expect(complete("gqlpatch update Task --set title=@").isEmpty)
        #expect(complete("gqlpatch --schema ").isEmpty)
        #expect(complete("gqlpatch --config=a").isEmpty)
        #expect(complete("gqlpatch nosuch ").isEmpty)
    }

    @Test func theLineChoosesTheSchema() {
        let line = CompletionCandidates.read([
            "--schema", "a.graphql", "update", "Task", "--config=b.json", "--conflict-resolution", "off",
        ])
        #expect(line?.options.schemaPath == "a.graphql")
        #expect(line?.options.configPath == "b.json")
        #expect(line?.options.conflictResolution == .off)
        let refused = CompletionCandidates.read(["--conflict-resolution", "sometimes", "update"])
        #expect(refused?.options.conflictResolution == .auto, "a value the parser refuses is left out")
        #expect(line?.command?.name == "update")
        #expect(line?.positionals == ["Task"])
    }
}
