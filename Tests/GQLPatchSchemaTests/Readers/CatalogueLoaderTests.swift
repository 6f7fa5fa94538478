import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct CatalogueLoaderTests {
    /// Loads `text` as file `file` and returns the error it throws.
    func failure(_ text: String, file: String = "s.graphql") -> GQLPatchError? {
        do {
            _ = try CatalogueLoader.load(path: file, files: .memory([file: Array(text.utf8)]))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        // SDL syntax error: the parser's own message and position.
        (
            "type Item @model {\n  id: ID!\n  name String\n}", "a.graphql",
            "a.graphql:3:8: error: expected \":\", found Name \"String\""
        ),
        ("", "empty.graphql", "empty.graphql:1:1: error: unexpected <EOF>"),
        // JSON syntax error.
        ("{\n  \"version\": 1,\n  \"models\": [\n}", "b.json", "b.json:4:1: error: unexpected character \"}\""),
        // Semantic problems, located at the definition.
        (
            "type A @model { id: ID! }\ntype A @model { id: ID! }", "c.graphql",
            "c.graphql:2:1: error: duplicate definition of type \"A\" (first defined at 1:1)"
        ),
        (
            "type A @model { id: ID!\n  f: Foo }", "d.graphql",
            "d.graphql:2:3: error: unknown type \"Foo\" for field \"A.f\""
        ),
        (
            "type A { id: ID! }", "e.graphql",
            "e.graphql:1:1: error: no models found: no @model types and no mutation takes an Update input"
        ),
        (
            "type A @model {\n  k: ID! @primaryKey(sortKeyFields: [\"nope\"])\n}", "f.graphql",
            "f.graphql:2:10: error: sort key field \"nope\" is not a field of \"A\""
        ),
        (
            "type A @model {\n  k: ID! @primaryKey\n  j: ID! @primaryKey\n}", "g.graphql",
            "g.graphql:3:10: error: model \"A\" has more than one @primaryKey (first at 2:10)"
        ),
        (
            "type A @model {\n  k: ID! @primaryKey(sortKeyFields: [\"b\"])\n  b: Boolean\n}", "h.graphql",
            "h.graphql:2:10: error: sort key field \"A.b\" cannot be a Boolean"
        ),
        (
            "type A @model {\n  k: String @primaryKey(sortKeyFields: [\"n\"])\n  n: Int!\n}", "h2.graphql",
            "h2.graphql:2:13: error: primary key field \"A.k\" must be non-null (add !)"
        ),
        (
            "type A @model {\n  k: String! @primaryKey(sortKeyFields: [\"n\"])\n  n: Int\n}", "h3.graphql",
            "h3.graphql:2:14: error: primary key field \"A.n\" must be non-null (add !)"
        ),
        (
            "type A @model {\n  id: ID!\n  b: B @hasOne\n}\ntype B { x: Int }", "i.graphql",
            "i.graphql:3:8: error: @hasOne on \"A.b\" needs a @model type, found \"B\""
        ),
        (
            "type T { x: Int }\ntype Mutation { updateT(input: UpdateTInput!): T }\ninput UpdateTInput { x: Int }",
            "j.graphql",
            "j.graphql:1:1: error: model \"T\" has no key: no get query and no Delete input"
        ),
        (
            "type T { id: ID! x: Nope }\ntype Query { getT(id: ID!): T }\ntype Mutation { updateT(input: UpdateTInput!): T }\ninput UpdateTInput { id: ID! }",
            "k.graphql", "k.graphql:1:18: error: unknown type \"Nope\" for field \"T.x\""
        ),
        // JSON that is not model introspection.
        (
            "{\"data\": {}}", "l.json",
            "l.json: data.model_introspection must be an object (the file has no data models)"
        ),
        ("{\"version\": 1, \"models\": {}}", "m.json", "m.json: models is empty: no models found"),
        (
            "{\"x\": 1}", "n.json",
            "n.json: not a model introspection document: expected \"data.model_introspection\" or \"version\" and \"models\""
        ),
        (
            "{\"version\": 1, \"models\": {\"A\": {\"name\": \"A\", \"fields\": {}}}}", "o.json",
            "o.json: models.A.primaryKeyInfo.primaryKeyFieldName must be a string"
        ),
        (
            "{\"version\": 1, \"models\": {\"A\": {\"fields\": {\"x\": {\"type\": 3}}, \"primaryKeyInfo\": {\"primaryKeyFieldName\": \"x\"}}}}",
            "p.json", "p.json: models.A.fields.x.type must be a string or an object"
        ),
        (
            "{\"data\": {\"model_introspection\": {\"version\": 1, \"models\": 5}}}", "q.json",
            "q.json: data.model_introspection.models must be an object"
        ),
    ])
    func configurationErrors(text: String, file: String, message: String) throws {
        let error = try #require(failure(text, file: file))
        #expect(error.message == message)
        #expect(error.code == .configuration)
        #expect(error.code.rawValue == 78)
    }

    @Test func unreadableFiles() throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.graphql").path
        // A folder is an Amplify `schema/` folder: an empty one has nothing to read.
        for (path, reason) in [(missing, "no such file"), (directory.path, "the schema folder holds no files")] {
            // Named by the user (--schema, GQLPATCH_SCHEMA): 66; found (./schema.graphql): 78.
            for (origin, code) in [(FileSystem.Origin.named, 66), (.found, 78)] as [(FileSystem.Origin, Int32)] {
                let error = try #require(throws: GQLPatchError.self) {
                    try CatalogueLoader.load(path: path, files: .local, origin: origin)
                }
                #expect(error.message == "cannot read \(path): \(reason)")
                #expect(error.code.rawValue == code)
            }
        }
    }

    /// `transform.conf.json` is found beside the schema through the same file system as the schema
    /// (here one in memory), and one that cannot be read is configuration (78) even when the schema was named.
    @Test func transformConfigIsFoundThroughTheFileSystem() throws {
        let schema = Array("type Todo @model { name: String }".utf8)
        let config = Array(
            #"{"ResolverConfig": {"project": {"ConflictHandler": "AUTOMERGE", "ConflictDetection": "VERSION"}}}"#.utf8)
        let plain = FileSystem.memory(["/app/schema.graphql": schema])
        #expect(
            try CatalogueLoader.load(path: "/app/schema.graphql", files: plain).models["Todo"]?.isVersioned == false)
        let configured = FileSystem.memory(["/app/schema.graphql": schema, "/app/transform.conf.json": config])
        #expect(
            try CatalogueLoader.load(path: "/app/schema.graphql", files: configured).models["Todo"]?.isVersioned == true
        )
        let relative = FileSystem.memory(["schema.graphql": schema, "./transform.conf.json": config])
        #expect(try CatalogueLoader.load(path: "schema.graphql", files: relative).models["Todo"]?.isVersioned == true)
        let folder = FileSystem.memory(["/app/schema.graphql": schema, "/app/transform.conf.json/x": []])
        let error = try #require(throws: GQLPatchError.self) {
            try CatalogueLoader.load(path: "/app/schema.graphql", files: folder, origin: .named)
        }
        #expect(error.message == "cannot read /app/transform.conf.json: it is a directory")
        #expect(error.code == .configuration)
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing))
    func brokenTransformConfigBesideASourceSchemaIsAConfigurationError() throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = try Fixture.write("type Todo @model { name: String }", to: "schema.graphql", in: directory)
        let config = try Fixture.write("{\n  \"ResolverConfig\": ,\n}", to: "transform.conf.json", in: directory)
        do {
            _ = try CatalogueLoader.load(path: schema, files: .local)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("\(config):2:21: error: "))
            #expect(error.code == .configuration)
        }
        // A compiled schema in the same folder does not read it.
        let compiled = try String(contentsOfFile: Fixture.softmentCompiled, encoding: .utf8)
        let compiledPath = try Fixture.write(compiled, to: "build-schema.graphql", in: directory)
        #expect(try CatalogueLoader.load(path: compiledPath, files: .local).origin == .compiledSchema)
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func transformConfigBesideTheSchemaIsRead()
        throws
    {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = try Fixture.write(
            try String(contentsOfFile: Fixture.softmentSource, encoding: .utf8), to: "schema.graphql", in: directory)
        #expect(try CatalogueLoader.load(path: schema, files: .local).models["Todo"]?.isVersioned == false)
        try Fixture.write(
            try String(contentsOfFile: Fixture.softmentTransformConfig, encoding: .utf8), to: "transform.conf.json",
            in: directory)
        let versioned = try CatalogueLoader.load(path: schema, files: .local)
        #expect(versioned.models["Todo"]?.isVersioned == true)
        #expect(versioned.models["Todo"]?.operations.sync == "syncTodos")
        #expect(
            try CatalogueLoader.load(path: schema, files: .local, versioned: false).models["Todo"]?.isVersioned == false
        )
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func contentNotNameChoosesTheReader() throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let introspection = try String(contentsOfFile: Fixture.dpilchIntrospection, encoding: .utf8)
        let odd = try Fixture.write("\n  " + introspection, to: "schema.graphql", in: directory)
        #expect(try CatalogueLoader.load(path: odd, files: .local).origin == .modelIntrospection)
        let sdl = try String(contentsOfFile: Fixture.dpilchSource, encoding: .utf8)
        let json = try Fixture.write(sdl, to: "models.json", in: directory)
        #expect(try CatalogueLoader.load(path: json, files: .local).origin == .sourceSchema)
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func versionOverrideAppliesToCompiledSchemas()
        throws
    {
        let catalogue = try CatalogueLoader.load(path: Fixture.softmentCompiled, files: .local, versioned: false)
        #expect(catalogue.models["Todo"]?.isVersioned == false)
    }
}
