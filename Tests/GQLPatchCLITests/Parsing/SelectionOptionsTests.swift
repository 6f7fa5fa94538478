import GQLPatchTestSupport
import Testing

@testable import GQLPatchCLI
@testable import GQLPatchOperations
@testable import GQLPatchSupport

/// `update`, `delete` and `touch` of many records: what the parser takes and refuses.
@Suite struct SelectionOptionsTests {
    @Test func updateTakesListsTestsAndApplysRunOptions() throws {
        let invocation = try CommandLineParser.parse([
            "update", "Item", "--where", "description=draft", "--where", "name^=A", "--set", "name=x", "--yes", "-j",
            "16", "--rate", "auto", "--journal", "j", "--limit", "5", "--page-size", "50",
        ])
        let update = try #require(invocation.command.parsed(as: UpdateOptions.self))
        #expect(update.many.isGiven && invocation.options.yes && update.many.list.conditions.count == 2)
        #expect(update.many.run.concurrency == 16 && update.many.run.adaptiveRate && update.many.run.journal == "j")
        #expect(update.many.list.limit == 5 && update.many.list.pageSize == 50)
        let delete = try #require(
            try CommandLineParser.parse(["delete", "Item", "--all", "--page-size", "7"]).command
                .parsed(as: DeleteOptions.self))
        #expect(delete.many.all && delete.many.list.pageSize == 7 && delete.pageSize == nil)
        let touch = try #require(
            try CommandLineParser.parse(["touch", "Item", "--filter", "{}"]).command.parsed(as: TouchOptions.self))
        #expect(touch.many.list.filter == "{}")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Case(
            arguments: ["update", "Item", "--id", "1", "--where", "name=x", "--set", "name=y"],
            message: "update takes a key or a selection (--where, --filter, --all), not both"),
        Case(
            arguments: ["update", "Item", "--all", "--where", "name=x", "--set", "name=y"],
            message: "--all picks every record: give it without --where or --filter"),
        Case(
            arguments: ["update", "Item", "--id", "1", "--set", "name=x", "--journal", "j"],
            message: "--limit, --journal and the batch options go with --where, --filter or --all"),
        Case(
            arguments: ["update", "Item", "--where", "name=x", "--set", "name=y", "--if", "name=x"],
            message: "--if, --expect-version, --select and --unguarded name one record"),
        Case(
            arguments: ["update", "Item", "--all", "--set", "name=y", "--resume"],
            message: "--resume needs --journal PATH"),
        Case(arguments: ["update", "Item", "--all"], message: "update needs at least one change"),
        Case(
            arguments: ["delete", "Item", "--all", "--cascade", "--if", "name=x"],
            message: "--if, --expect-version and --select go with one record's key"),
        Case(arguments: ["touch", "Item"], message: "touch needs a key"),
        Case(arguments: ["upsert", "Item", "--id", "1", "--set", "a=b", "--all"], message: "unknown option '--all'"),
    ])
    func refusals(_ row: Case) {
        #expect {
            _ = try CommandLineParser.parse(row.arguments)
        } throws: { error in
            guard let error = error as? GQLPatchError else { return false }
            return error.code == .usage && error.message.hasPrefix(row.message)
        }
    }
}
