import Foundation
import JSON
import Testing

/// `gqlpatch schema` and `gqlpatch schema pull`.
@Suite struct SchemaEndToEndTests {
    @Test func catalogueAsJSONWithoutAnEndpoint() throws {
        let result = try GQLPatchRun.run(["--schema", TestPaths.schema, "schema"])
        #expect(result.status == 0, "\(result)")
        let catalogue = try result.json()
        #expect(
            catalogue["models"]?.objectValue?.keys == ["Item", "RealEstateProperty", "Recipe", "RecipeStep", "Job"])
        let step = try #require(catalogue["models"]?["RecipeStep"])
        #expect(step["primaryKey"] == ["recipeID", "rowID"])
        #expect(step["versioned"] == false)
        #expect(
            step["fields"]?.arrayValue?.first == [
                "name": "recipeID", "type": "ID!", "required": true, "list": false, "kind": "scalar",
            ])
        #expect(step["operations"]?["list"] == "listRecipeSteps")
        #expect(
            catalogue["models"]?["Recipe"]?["relationships"] == [
                ["field": "steps", "kind": "hasMany", "model": "RecipeStep", "keyFields": ["recipeID"]]
            ])
        let one = try GQLPatchRun.run(["--schema", TestPaths.schema, "schema", "Item"])
        #expect(try one.json()["name"] == "Item")
        #expect(
            try one.json()["fields"]?.arrayValue?.first(where: { $0["name"] == "tags" }) == [
                "name": "tags", "type": "[String]", "required": false, "list": true, "kind": "scalar",
            ])
        let unknown = try GQLPatchRun.run(["--schema", TestPaths.schema, "schema", "Itm"])
        #expect(unknown.status == 65, "\(unknown)")
        #expect(unknown.stderr.hasPrefix("gqlpatch: error: unknown model 'Itm' (did you mean 'Item'?)"))
    }

    @Test func pulledSchemaIsReadBackByGqlpatchAndGraphQLCore() throws {
        let emulator = try Emulator(schema: RecordCommandSupport.library)
        defer { emulator.stop() }
        let base = ["--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey]
        let pulled = try GQLPatchRun.run(base + ["schema", "pull"], in: emulator.folder)
        #expect(pulled.status == 0, "\(pulled)")
        #expect(pulled.stdout.contains("type Chapter {\n  bookID: ID!\n  number: Int!\n"))
        let path = try emulator.file("pulled.graphql", pulled.stdout)
        let core = try CommandRunner.run(
            TestPaths.python, ["-c", "import graphql,sys; graphql.build_schema(open(sys.argv[1]).read())", path])
        #expect(core.status == 0, "\(core)")

        let catalogue = try GQLPatchRun.run(["--schema", path, "schema"], in: emulator.folder)
        #expect(catalogue.status == 0, "\(catalogue)")
        #expect(try catalogue.json()["origin"] == "compiled-schema")
        #expect(try catalogue.json()["models"]?.objectValue?.keys.sorted() == ["Author", "Book", "Chapter", "Profile"])
        #expect(try catalogue.json()["models"]?["Chapter"]?["primaryKey"] == ["bookID", "number"])

        // The pulled schema drives the commands: create, list in key order, cascade.
        try emulator.create("Author", ["id": "a1", "name": "Ann"])
        try emulator.create("Book", ["id": "b1", "authorID": "a1", "title": "T"])
        for number in [2, 1] {
            let made = try emulator.gqlpatch(
                ["create", "Chapter", "--set", "bookID=b1", "--set", "number=\(number)"], schema: path)
            #expect(made.status == 0, "\(made)")
        }
        let listed = try emulator.gqlpatch(
            ["list", "Chapter", "--where", "bookID=b1", "--select", "number"], schema: path)
        #expect(try RecordCommandSupport.lines(listed).map { $0["number"] } == [.int(1), .int(2)])
        let cascade = try emulator.gqlpatch(["delete", "Author", "--id", "a1", "--cascade"], schema: path)
        #expect(cascade.status == 0, "\(cascade)")
        #expect(
            try RecordCommandSupport.lines(cascade).map { $0["model"] } == ["Chapter", "Chapter", "Book", "Author"])
    }

    @Test func pullNeedsAnEndpoint() throws {
        let result = try GQLPatchRun.run(["schema", "pull"])
        #expect(result.status == 78, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: no endpoint:"))
    }
}
