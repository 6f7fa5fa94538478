import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Compiles a v1 source schema with the real v1 transformer and checks that gqlpatch reads the same
/// catalogue from the source as from what the transformer printed: models, primary keys (also against
/// the DynamoDB key schema), conflict detection, `@versioned`, operation names, get/list arguments, and
/// every input object the operations name or reach, field by field with types.
enum V1CatalogueAgreement {
    /// Returns the source catalogue after recording every disagreement as a test issue.
    @discardableResult
    static func check(
        _ source: String, transformConfig: String? = nil, cliJSON: String? = nil, userPools: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ModelCatalogue {
        let output = try V1Transformer.compile(
            source, transformConfig: transformConfig, cliJSON: cliJSON, userPools: userPools)
        let config = try transformConfig.map {
            try CatalogueLoader.parseProjectJSON(Array($0.utf8), file: "transform.conf.json")
        }
        let features = try cliJSON.map {
            AmplifyCLIFeatures(json: try CatalogueLoader.parseProjectJSON(Array($0.utf8), file: "cli.json"))
        }
        let fromSource = try CatalogueLoader.load(
            bytes: Array(source.utf8), file: "schema.graphql", transformConfig: config,
            features: features ?? AmplifyCLIFeatures())
        let fromCompiled = try CatalogueLoader.load(
            bytes: Array(output.schema.utf8), file: "compiled.graphql", transformConfig: nil)
        func expect(_ ok: Bool, _ what: @autoclosure () -> String) {
            if !ok { Issue.record(Comment(rawValue: what()), sourceLocation: sourceLocation) }
        }
        expect(fromSource.origin == .sourceSchema, "the source was not read as a source schema")
        expect(
            fromSource.modelNames == fromCompiled.modelNames,
            "models: source \(fromSource.modelNames), compiled \(fromCompiled.modelNames)")
        var inputsToCompare: [String] = []
        for name in fromCompiled.modelNames {
            guard let s = fromSource.models[name], let c = fromCompiled.models[name] else {
                expect(false, "model \(name) missing from one side")
                continue
            }
            expect(
                s.primaryKey == c.primaryKey, "\(name) primary key: source \(s.primaryKey), compiled \(c.primaryKey)")
            if let table = output.keySchemas[name] {
                let dynamo =
                    [s.primaryKey.first ?? ""]
                    + (s.primaryKey.count > 1 ? [s.primaryKey.dropFirst().joined(separator: "#")] : [])
                expect(table == dynamo, "\(name) DynamoDB key schema \(table), source key \(s.primaryKey)")
            }
            expect(
                s.isVersioned == c.isVersioned,
                "\(name) conflict detection: source \(s.isVersioned), compiled \(c.isVersioned)")
            checkFieldVersioning(s, compiled: c, catalogue: fromCompiled, output: output, expect: expect)
            let (so, co) = (s.operations, c.operations)
            let names = [so.get, so.list, so.sync, so.create, so.update, so.delete]
            let compiledNames = [co.get, co.list, co.sync, co.create, co.update, co.delete]
            expect(names == compiledNames, "\(name) operations: source \(names), compiled \(compiledNames)")
            let inputs = [so.createInput, so.updateInput, so.deleteInput, so.conditionInput, so.filterInput]
            let compiledInputs = [co.createInput, co.updateInput, co.deleteInput, co.conditionInput, co.filterInput]
            expect(inputs == compiledInputs, "\(name) inputs: source \(inputs), compiled \(compiledInputs)")
            expect(
                so.getArguments == co.getArguments,
                "\(name) get arguments: source \(describe(so.getArguments)), compiled \(describe(co.getArguments))")
            expect(
                so.listArguments == co.listArguments,
                "\(name) list arguments: source \(describe(so.listArguments)), compiled \(describe(co.listArguments))")
            let fields = s.fields.map { "\($0.name): \($0.type) \($0.kind)\($0.isReadOnly ? " read-only" : "")" }
            let compiledFields = c.fields.map {
                "\($0.name): \($0.type) \($0.kind)\($0.isReadOnly ? " read-only" : "")"
            }
            expect(fields == compiledFields, "\(name) fields: source \(fields), compiled \(compiledFields)")
            for index in s.indexes {
                let keys = output.indexes[name]?[index.name]
                let expected =
                    [index.keyFields[0]]
                    + (index.keyFields.count > 1 ? [index.keyFields.dropFirst().joined(separator: "#")] : [])
                expect(
                    keys == expected,
                    "\(name) index \(index.name): transformer \(keys ?? []), source \(index.keyFields)")
                if let query = index.queryField {
                    expect(
                        output.schema.contains("  \(query)("), "\(name) index query \(query) not in the compiled schema"
                    )
                }
            }
            inputsToCompare +=
                compiledInputs.compactMap { $0 } + (co.getArguments + co.listArguments).map(\.type.namedType)
        }
        // Every input the operations name, and the inputs their fields reach.
        var seen: Set<String> = []
        while let input = inputsToCompare.popLast() {
            guard seen.insert(input).inserted, let compiled = fromCompiled.inputObjects[input] else { continue }
            guard let read = fromSource.inputObjects[input] else {
                expect(false, "input \(input) missing from the source catalogue")
                continue
            }
            let fields = read.fields.map { "\($0.name): \($0.type)" }
            let compiledFields = compiled.fields.map { "\($0.name): \($0.type)" }
            expect(fields == compiledFields, "input \(input): source \(fields), compiled \(compiledFields)")
            inputsToCompare += compiled.fields.map(\.type.namedType)
        }
        return fromSource
    }

    /// `@versioned`: the compiled type has the version field, the update and delete inputs take the
    /// expected version as `Int!`, and the transformer's update resolver checks it (default names only:
    /// `compile.js` looks for `expectedVersion`).
    private static func checkFieldVersioning(
        _ model: Model, compiled: Model, catalogue: ModelCatalogue, output: V1Transformer.Output,
        expect: (Bool, @autoclosure () -> String) -> Void
    ) {
        if let versioning = compiled.fieldVersioning {
            expect(
                model.fieldVersioning == versioning,
                "\(model.name) @versioned: source \(String(describing: model.fieldVersioning)), compiled \(versioning)")
        }
        guard let versioning = model.fieldVersioning else {
            expect(
                !output.versionedModels.contains(model.name), "\(model.name) is @versioned in the transformer's output")
            return
        }
        expect(
            compiled.field(versioning.versionField)?.type == .nonNull(.named("Int")),
            "\(model.name) has no \(versioning.versionField): Int!")
        for input in [compiled.operations.updateInput, compiled.operations.deleteInput] {
            let field = input.flatMap { catalogue.inputObjects[$0]?.field(versioning.versionInput) }
            expect(field?.type == .nonNull(.named("Int")), "\(input ?? "-") has no \(versioning.versionInput): Int!")
        }
        if versioning == FieldVersioning() {
            expect(
                output.versionedModels.contains(model.name),
                "\(model.name): the transformer's resolver does not check expectedVersion")
        }
    }

    private static func describe(_ arguments: [OperationArgument]) -> String {
        arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
    }
}
