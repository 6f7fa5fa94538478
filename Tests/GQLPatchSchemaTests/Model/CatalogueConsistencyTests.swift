import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The catalogue built from a source schema must agree with the one read from its compiled output.
@Suite struct CatalogueConsistencyTests {
    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func dpilchSourceAgreesWithCompiled() throws {
        let source = try CatalogueLoader.load(path: Fixture.dpilchSource, files: .local)
        let compiled = try CatalogueLoader.load(path: Fixture.dpilchCompiled, files: .local)
        #expect(source.origin == .sourceSchema)
        #expect(compiled.origin == .compiledSchema)
        #expect(source.modelNames == compiled.modelNames)
        for name in compiled.modelNames {
            let s = try #require(source.models[name])
            let c = try #require(compiled.models[name])
            #expect(s.primaryKey == c.primaryKey, "\(name)")
            #expect(s.isVersioned == c.isVersioned, "\(name)")
            let (so, co) = (s.operations, c.operations)
            #expect(
                [so.get, so.list, so.sync, so.create, so.update, so.delete] == [
                    co.get, co.list, co.sync, co.create, co.update, co.delete,
                ])
            #expect(
                [so.createInput, so.updateInput, so.deleteInput, so.conditionInput, so.filterInput]
                    == [co.createInput, co.updateInput, co.deleteInput, co.conditionInput, co.filterInput])
            #expect(so.getArguments == co.getArguments, "\(name)")
            #expect(so.listArguments == co.listArguments, "\(name)")
            #expect(s.fields.map(\.name) == c.fields.map(\.name), "\(name)")
            #expect(s.fields.map(\.type) == c.fields.map(\.type), "\(name)")
            #expect(s.fields.map(\.isReadOnly) == c.fields.map(\.isReadOnly), "\(name)")
            #expect(s.relationships.map(\.relationship) == c.relationships.map(\.relationship), "\(name)")
        }
        #expect(Set(source.inputObjects.keys) == Set(compiled.inputObjects.keys))
        for (name, input) in compiled.inputObjects {
            #expect(source.inputObjects[name]?.fields == input.fields, "\(name)")
        }
        #expect(source.enums == compiled.enums)
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing))
    func softmentSourceWithTransformConfigAgreesWithCompiledOnOperations() throws {
        // The compiled sample predates transformer 2.5.0 (no timestamps in the condition input), so
        // only names, keys and the mutation inputs are compared (its filter input also lacks createdAt/updatedAt).
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = try String(contentsOfFile: Fixture.softmentSource, encoding: .utf8)
        let config = try String(contentsOfFile: Fixture.softmentTransformConfig, encoding: .utf8)
        let path = try Fixture.write(schema, to: "schema.graphql", in: directory)
        try Fixture.write(config, to: "transform.conf.json", in: directory)
        let source = try CatalogueLoader.load(path: path, files: .local)
        let compiled = try CatalogueLoader.load(path: Fixture.softmentCompiled, files: .local)
        let s = try #require(source.models["Todo"])
        let c = try #require(compiled.models["Todo"])
        #expect(s.isVersioned && c.isVersioned)
        #expect(s.operations.sync == c.operations.sync)
        #expect(s.operations.getArguments == c.operations.getArguments)
        #expect(s.operations.listArguments == c.operations.listArguments)
        #expect(s.fields.map(\.name) == c.fields.map(\.name))
        #expect(s.fields.map(\.isReadOnly) == c.fields.map(\.isReadOnly))
        for name in [
            "CreateTodoInput", "UpdateTodoInput", "DeleteTodoInput", "ModelPriorityInput",
            "ModelStringInput", "ModelIDInput", "ModelIntInput", "ModelFloatInput", "ModelBooleanInput",
            "ModelSizeInput",
        ] {
            #expect(source.inputObjects[name]?.fields == compiled.inputObjects[name]?.fields, "\(name)")
        }
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func dpilchIntrospectionAgreesWithCompiled()
        throws
    {
        let introspection = try CatalogueLoader.load(path: Fixture.dpilchIntrospection, files: .local)
        let compiled = try CatalogueLoader.load(path: Fixture.dpilchCompiled, files: .local)
        #expect(introspection.origin == .modelIntrospection)
        #expect(introspection.modelNames == compiled.modelNames)
        for name in compiled.modelNames {
            let i = try #require(introspection.models[name])
            let c = try #require(compiled.models[name])
            #expect(i.primaryKey == c.primaryKey)
            #expect(i.operations.getArguments == c.operations.getArguments)
            #expect(i.operations.listArguments == c.operations.listArguments)
            #expect([i.operations.list, i.operations.updateInput] == [c.operations.list, c.operations.updateInput])
            #expect(i.relationships.map(\.relationship) == c.relationships.map(\.relationship))
            #expect(i.fields.map(\.name) == c.fields.map(\.name))
            #expect(i.fields.map(\.isReadOnly) == c.fields.map(\.isReadOnly))
        }
        for (name, input) in compiled.inputObjects {
            #expect(introspection.inputObjects[name]?.fields == input.fields, "\(name)")
        }
    }
}
