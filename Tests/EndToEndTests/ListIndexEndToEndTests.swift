import Foundation
import JSON
import Testing

/// `list` over secondary indexes and sort-key conditions against the emulator (issue 15 #6).
@Suite struct ListIndexEndToEndTests {
    static let schema = TestPaths.fixture("list/indexes.graphql")

    /// Children of p@x with rows 5, 1, 4, 2, 3 (created out of order), and one child of q@x.
    private func children() throws -> Emulator {
        let emulator = try Emulator(schema: Self.schema)
        for row in [5, 1, 4, 2, 3] {
            try emulator.create(
                "Child",
                [
                    "id": .string("c\(row)"), "parentEmail": "p@x", "rowID": .int(row),
                    "name": .string(row < 3 ? "Ann" : "Bo"),
                    "status": .string(row % 2 == 0 ? "open" : "done"), "createdOn": .string("2024-0\(row)-01"),
                ])
        }
        try emulator.create("Child", ["id": "q1", "parentEmail": "q@x", "rowID": 1, "name": "Ann", "code": "z"])
        return emulator
    }

    @Test func aPartitionKeyTestQueriesTheIndexInSortKeyOrder() throws {
        let emulator = try children()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(
            ["list", "Child", "--where", "parentEmail=p@x", "--page-size", "2", "--select", "rowID"],
            schema: Self.schema)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(try RecordCommandSupport.lines(result).map { $0["rowID"] } == [1, 2, 3, 4, 5].map { .int($0) })
        let pages = try RecordCommandSupport.bodies(emulator, containing: "childrenByParent")
        #expect(pages.count == 3)
        #expect(pages.first?["variables"] == ["parentEmail": "p@x", "limit": .int(2)])
        #expect(try RecordCommandSupport.bodies(emulator, containing: "listChildren").isEmpty)

        let ranged = try emulator.gqlpatch(
            [
                "list", "Child", "--where", "parentEmail=p@x", "--where", "rowID>3", "--sort", "desc", "--select",
                "rowID",
            ],
            schema: Self.schema)
        #expect(try RecordCommandSupport.lines(ranged).map { $0["rowID"] } == [5, 4].map { .int($0) }, "\(ranged)")
        #expect(
            try RecordCommandSupport.bodies(emulator, containing: "childrenByParent").last?["variables"] == [
                "parentEmail": "p@x", "rowID": ["gt": .int(3)], "sortDirection": "DESC",
            ])
        for (test, rows) in [
            ("rowID>=4", [4, 5]), ("rowID<2", [1]), ("rowID<=2", [1, 2]), ("rowID=2..4", [2, 3, 4]),
        ] {
            let run = try emulator.gqlpatch(
                ["list", "Child", "--where", "parentEmail=p@x", "--where", test, "--select", "rowID"],
                schema: Self.schema)
            #expect(try RecordCommandSupport.lines(run).map { $0["rowID"] } == rows.map { .int($0) }, "\(test): \(run)")
        }
    }

    @Test func aCompositeSortKeyAndBeginsWith() throws {
        let emulator = try children()
        defer { emulator.stop() }
        let prefix = try emulator.gqlpatch(
            ["list", "Child", "--where", "name=Bo", "--where", "status^=op", "--select", "rowID"], schema: Self.schema)
        #expect(try RecordCommandSupport.lines(prefix).map { $0["id"] } == ["c4"], "\(prefix)")
        let range = try emulator.gqlpatch(
            [
                "list", "Child", "--where", "name=Bo", "--where", "status=done", "--where", "createdOn>2024-03-15",
                "--select", "rowID",
            ], schema: Self.schema)
        #expect(try RecordCommandSupport.lines(range).map { $0["id"] } == ["c5"], "\(range)")
        #expect(
            try RecordCommandSupport.bodies(emulator, containing: "childrenByName").last?["variables"]?[
                "statusCreatedOn"]
                == ["gt": ["status": "done", "createdOn": "2024-03-15"]])
    }

    @Test func aScanSaysWhyAndIndexPicksOne() throws {
        let emulator = try children()
        defer { emulator.stop() }
        let scan = try emulator.gqlpatch(["list", "Child", "--where", "note=x"], schema: Self.schema)
        #expect(scan.status == 0, "\(scan)")
        #expect(
            scan.stderr.hasPrefix(
                "gqlpatch: note: listChildren scans Child and filters: no key or index has note as its partition key"),
            "\(scan)")
        let picked = try emulator.gqlpatch(
            [
                "list", "Child", "--where", "parentEmail=p@x", "--where", "name=Ann", "--index", "byName", "--select",
                "id",
            ],
            schema: Self.schema)
        #expect(try RecordCommandSupport.lines(picked).map { $0["id"] } == ["c1", "c2"], "\(picked)")
        #expect(try RecordCommandSupport.bodies(emulator, containing: "childrenByName").count == 1)
        let before = try emulator.requests().count
        let unknown = try emulator.gqlpatch(
            ["list", "Child", "--where", "parentEmail=p@x", "--index", "byNothing"], schema: Self.schema)
        unknown.expectFailure(
            65, "gqlpatch: error: --index byNothing: Child has no index \"byNothing\" (indexes: byParent")
        let badOperator = try emulator.gqlpatch(
            ["list", "Child", "--where", "parentEmail=p@x", "--where", "rowID^=1"], schema: Self.schema)
        badOperator.expectFailure(65, "gqlpatch: error: --where rowID: ModelIntKeyConditionInput has no beginsWith")
        let badValue = try emulator.gqlpatch(
            ["list", "Child", "--where", "parentEmail=p@x", "--where", "rowID>one"], schema: Self.schema)
        badValue.expectFailure(65, "gqlpatch: error: --where rowID: expected an Int, got \"one\"")
        let badForm = try emulator.gqlpatch(["list", "Child", "--where", "rowID!3"], schema: Self.schema)
        badForm.expectFailure(64, "gqlpatch: error: --where expects FIELD=VALUE")
        #expect(try emulator.requests().count == before)
    }
}
