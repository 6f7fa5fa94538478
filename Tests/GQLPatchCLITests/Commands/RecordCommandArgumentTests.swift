import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Parsing of `get`, `create`, `delete`, `list`, `query` and `schema`.
@Suite struct RecordCommandArgumentTests {
    private func command(_ arguments: [String]) throws -> Command {
        try CommandLineParser.parse(arguments).command
    }

    @Test func get() throws {
        guard
            let get = try command([
                "get", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=3", "--select", "action",
                "--include-deleted",
            ]).parsed(as: GetOptions.self)
        else {
            Issue.record("expected get")
            return
        }
        #expect(get.model == "RecipeStep")
        #expect(
            get.key
                == .fields([
                    FieldAssignment(field: "recipeID", value: .text("r1")),
                    FieldAssignment(field: "rowID", value: .text("3")),
                ]))
        #expect(get.select == ["action"])
        #expect(get.includeDeleted)
        guard let plain = try command(["get", "Item", "--id", "42"]).parsed(as: GetOptions.self) else {
            Issue.record("expected get")
            return
        }
        #expect(plain.key == .id("42"))
        #expect(plain.select == nil)
        #expect(!plain.includeDeleted)
    }

    @Test func create() throws {
        guard
            let create = try command([
                "create", "Item", "--set", "name=Lamp", "--set", "tags:=[\"a\"]", "--set", "imageFile=@img.json",
                "--patch", "p.json", "--if-absent",
            ]).parsed(as: CreateOptions.self)
        else {
            Issue.record("expected create")
            return
        }
        #expect(create.model == "Item")
        #expect(
            create.values == [
                FieldAssignment(field: "name", value: .text("Lamp")),
                FieldAssignment(field: "tags", value: .json("[\"a\"]")),
                FieldAssignment(field: "imageFile", value: .file("img.json")),
            ])
        #expect(create.patch == "p.json")
        #expect(create.ifAbsent)
    }

    @Test func delete() throws {
        guard
            let delete = try command([
                "delete", "Author", "--id", "a1", "--if", "name=Ann", "--expect-version", "4", "--cascade",
                "--page-size", "2",
            ]).parsed(as: DeleteOptions.self)
        else {
            Issue.record("expected delete")
            return
        }
        #expect(delete.key == .id("a1"))
        #expect(delete.conditions == [FieldAssignment(field: "name", value: .text("Ann"))])
        #expect(delete.expectVersion == 4)
        #expect(delete.cascade)
        #expect(delete.pageSize == 2)
    }

    /// `--where`'s operators (issue 15 #6): ranges, between and begins-with, and `:=` always equality.
    @Test func whereOperators() throws {
        let cases: [(String, FieldTest)] = [
            ("rowID>3", FieldTest(field: "rowID", comparison: .gt, value: .text("3"))),
            ("rowID>=3", FieldTest(field: "rowID", comparison: .ge, value: .text("3"))),
            ("rowID<3", FieldTest(field: "rowID", comparison: .lt, value: .text("3"))),
            ("rowID<=3", FieldTest(field: "rowID", comparison: .le, value: .text("3"))),
            ("rowID=3..7", FieldTest(field: "rowID", comparison: .between, value: .text("3"), upper: .text("7"))),
            ("name^=Ab", FieldTest(field: "name", comparison: .beginsWith, value: .text("Ab"))),
            ("name=a=b", FieldTest(field: "name", comparison: .eq, value: .text("a=b"))),
            ("name=..x", FieldTest(field: "name", comparison: .eq, value: .text("..x"))),
            ("name=x..", FieldTest(field: "name", comparison: .eq, value: .text("x.."))),
            ("name:=\"a..b\"", FieldTest(field: "name", comparison: .eq, value: .json("\"a..b\""))),
            ("name>=", FieldTest(field: "name", comparison: .ge, value: .text(""))),
        ]
        for (text, expected) in cases {
            guard
                let list = try command(["list", "Item", "--where", text, "--index", "byName"]).parsed(
                    as: ListOptions.self)
            else {
                Issue.record("expected list")
                return
            }
            #expect(list.conditions == [expected], "\(text)")
            #expect(list.index == "byName")
        }
    }

    @Test func list() throws {
        guard
            let list = try command([
                "list", "RecipeStep", "--where", "recipeID=r1", "--where", "rowID:=3", "--filter", "{\"a\":1}",
                "--limit", "5",
                "--page-size", "2", "--sort", "DESC", "--include-deleted",
            ]).parsed(as: ListOptions.self)
        else {
            Issue.record("expected list")
            return
        }
        #expect(
            list.conditions == [
                FieldTest(FieldAssignment(field: "recipeID", value: .text("r1"))),
                FieldTest(FieldAssignment(field: "rowID", value: .json("3"))),
            ])
        #expect(list.filter == "{\"a\":1}")
        #expect(list.limit == 5)
        #expect(list.pageSize == 2)
        #expect(list.sort == .desc)
        #expect(list.includeDeleted)
    }

    @Test func query() throws {
        guard
            let inline = try command([
                "query", "{ a }", "--var", "n=5", "--var", "o:={\"x\":1}", "--var", "f=@v.txt", "--operation", "Q",
            ]).parsed(as: QueryOptions.self)
        else {
            Issue.record("expected query")
            return
        }
        #expect(inline.document == .inline("{ a }"))
        #expect(
            inline.variables == [
                FieldAssignment(field: "n", value: .text("5")), FieldAssignment(field: "o", value: .json("{\"x\":1}")),
                FieldAssignment(field: "f", value: .file("v.txt")),
            ])
        #expect(inline.operation == "Q")
        guard let file = try command(["query", "@ops.graphql"]).parsed(as: QueryOptions.self),
            let stdin = try command(["query", "-"]).parsed(as: QueryOptions.self)
        else {
            Issue.record("expected query")
            return
        }
        #expect(file.document == .file("ops.graphql"))
        #expect(stdin.document == .file("-"))
    }

    @Test func schema() throws {
        guard let all = try command(["schema"]).parsed(as: SchemaOptions.self),
            let one = try command(["schema", "Item"]).parsed(as: SchemaOptions.self),
            let pull = try command(["schema", "pull"]).parsed(as: SchemaOptions.self)
        else {
            Issue.record("expected schema")
            return
        }
        #expect(all.action == .catalogue)
        #expect(one.action == .model("Item"))
        #expect(pull.action == .pull)
    }

    @Test(arguments: ["get", "create", "delete", "list", "query", "schema"])
    func helpHasUsageAndExamples(_ name: String) throws {
        guard case .help(let topic) = try command([name, "--help"]) else {
            Issue.record("expected help")
            return
        }
        let text = HelpText.text(for: topic)
        #expect(text.hasPrefix("Usage: gqlpatch [global options] \(name)"))
        #expect(text.contains("Examples:\n  gqlpatch "))
        #expect(text.hasSuffix(HelpText.globalsPointer + "\n"))
        #expect(HelpText.text(for: nil).contains("\n  \(name) "))
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        UsageCase(arguments: ["get"], message: "get needs a model name: gqlpatch get <Model> ..."),
        UsageCase(
            arguments: ["get", "Item"], message: "get needs a key: --id VALUE, or --key FIELD=VALUE for each key field"),
        UsageCase(arguments: ["get", "Item", "--id", "1", "--id", "2"], message: "--id given twice"),
        UsageCase(
            arguments: ["get", "Item", "--id", "1", "--key", "id=1"],
            message: "give the key with --id or with --key, not both"),
        UsageCase(arguments: ["get", "Item", "x", "--id", "1"], message: "unexpected argument 'x'"),
        UsageCase(
            arguments: ["get", "Item", "--id", "1", "--include-deleted=yes"],
            message: "--include-deleted takes no value"),
        UsageCase(
            arguments: ["get", "Item", "--id", "1", "--set", "a=b"],
            message: "unknown option '--set' (did you mean '--key'?)"),
        UsageCase(
            arguments: ["create", "Item"],
            message: "create needs the record's values: --set FIELD=VALUE or --patch FILE"),
        UsageCase(
            arguments: ["create", "Item", "--set", "name"],
            message: "--set expects FIELD=VALUE, FIELD:=JSON or FIELD=@PATH, got 'name'"),
        UsageCase(arguments: ["create", "Item", "--patch", "a", "--patch", "b"], message: "--patch given twice"),
        UsageCase(
            arguments: ["create", "Item", "--set", "a=@-", "--patch", "-"],
            message: "standard input can be read only once (@- or --patch - given more than once)"),
        UsageCase(
            arguments: ["create", "Item", "--unset", "a"], message: "unknown option '--unset' (did you mean '--set'?)"),
        UsageCase(
            arguments: ["delete", "Item"],
            message: "delete needs a key: --id VALUE, or --key FIELD=VALUE for each key field"),
        UsageCase(
            arguments: ["delete", "Item", "--id", "1", "--page-size", "2"],
            message: "--page-size goes with --cascade (it sizes the reads of child records)"),
        UsageCase(
            arguments: ["delete", "Item", "--id", "1", "--cascade", "--page-size", "0"],
            message: "--page-size expects a whole number from 1 to 2147483647, got '0'"),
        UsageCase(
            arguments: ["delete", "Item", "--id", "1", "--cascade", "--select", "id"],
            message: "--select cannot be combined with --cascade"),
        UsageCase(
            arguments: ["delete", "Item", "--id", "1", "--expect-version", "x"],
            message: "--expect-version expects a whole number from 0 to 2147483647, got 'x'"),
        UsageCase(
            arguments: ["delete", "Item", "--id", "1", "--if", "a"],
            message: "--if expects FIELD=VALUE or FIELD:=JSON, got 'a'"),
        UsageCase(arguments: ["list"], message: "list needs a model name: gqlpatch list <Model> ..."),
        UsageCase(
            arguments: ["list", "Item", "--limit", "-1"],
            message: "--limit expects a whole number from 1 to 2147483647, got '-1'"),
        UsageCase(arguments: ["list", "Item", "--sort", "up"], message: "--sort expects asc or desc, got 'up'"),
        UsageCase(
            arguments: ["list", "Item", "--filter", "{}", "--filter", "{}"],
            message: "--filter given twice (combine the conditions in one object with \"and\")"),
        UsageCase(
            arguments: ["list", "Item", "--where", "name"],
            message:
                "--where expects FIELD=VALUE, FIELD:=JSON, FIELD>VALUE, FIELD>=VALUE, FIELD<VALUE, FIELD<=VALUE, FIELD^=PREFIX or FIELD=LOW..HIGH, got 'name'"
        ),
        UsageCase(
            arguments: ["list", "Item", "--where", "na me>3"],
            message:
                "--where expects FIELD=VALUE, FIELD:=JSON, FIELD>VALUE, FIELD>=VALUE, FIELD<VALUE, FIELD<=VALUE, FIELD^=PREFIX or FIELD=LOW..HIGH, got 'na me>3' ('na me' is not a field name)"
        ),
        UsageCase(
            arguments: ["list", "Item", "--where", "name:3"],
            message:
                "--where expects FIELD=VALUE, FIELD:=JSON, FIELD>VALUE, FIELD>=VALUE, FIELD<VALUE, FIELD<=VALUE, FIELD^=PREFIX or FIELD=LOW..HIGH, got 'name:3'"
        ),
        UsageCase(arguments: ["list", "Item", "--index", "a", "--index", "b"], message: "--index given twice"),
        UsageCase(
            arguments: ["query"],
            message: "query needs a document: gqlpatch query '{ ... }', query @FILE, or query - (standard input)"),
        UsageCase(
            arguments: ["query", "{ a }", "{ b }"],
            message: "unexpected argument '{ b }' (variables go with --var NAME=VALUE)"),
        UsageCase(arguments: ["query", "@"], message: "query @ needs a file path (or - for standard input)"),
        UsageCase(arguments: ["query", "{ a }", "--var", "n=1", "--var", "n=2"], message: "--var n given twice"),
        UsageCase(
            arguments: ["query", "{ a }", "--var", "a.b=1"],
            message: "--var expects NAME=VALUE with a variable name, got 'a.b=1'"),
        UsageCase(
            arguments: ["query", "-", "--var", "a=@-"],
            message: "standard input can be read only once (@- or --patch - given more than once)"),
        UsageCase(
            arguments: ["query", "{ a }", "--operation", "A", "--operation", "B"], message: "--operation given twice"),
        UsageCase(
            arguments: ["schema", "Item", "More"],
            message: "unexpected argument 'More' (schema takes one model name, or pull)"),
    ])
    func usageErrors(_ testCase: UsageCase) {
        #expect {
            _ = try CommandLineParser.parse(testCase.arguments)
        } throws: { error in
            guard let error = error as? GQLPatchError else { return false }
            return error.code == .usage && error.message == testCase.message
        }
    }
}
