import JSON
import Testing

@testable import GQLPatchSchema

/// A Gen 2 model introspection's custom operations and types as SDL.
@Suite struct ModelIntrospectionSDLTests {
    @Test func typesAreSpelledAsTheIntrospectionGivesThem() {
        #expect(ModelIntrospectionSDL.reference(["type": "String", "isRequired": true]) == "String!")
        #expect(ModelIntrospectionSDL.reference(["type": ["nonModel": "Day"], "isArray": true]) == "[Day]")
        #expect(
            ModelIntrospectionSDL.reference([
                "type": ["enum": "Kind"], "isArray": true, "isRequired": true, "isArrayNullable": false,
            ]) == "[Kind!]!")
        #expect(ModelIntrospectionSDL.reference(["type": ["input": "ReportInput"]]) == "ReportInput")
        #expect(ModelIntrospectionSDL.reference(["type": ["other": "X"]]) == nil)
        #expect(ModelIntrospectionSDL.reference(["type": "Bad Name"]) == nil)
    }

    @Test func operationsBecomeTheRootTypesFields() throws {
        let introspection: JSONValue = [
            "enums": ["Kind": ["name": "Kind", "values": ["A", "B"]]],
            "nonModels": ["Result": ["name": "Result", "fields": ["ok": ["name": "ok", "type": "Boolean"]]]],
            "inputs": ["In": ["name": "In", "attributes": ["note": ["name": "note", "type": "String"]]]],
            "mutations": [
                "report": [
                    "name": "report", "type": ["nonModel": "Result"],
                    "arguments": [
                        "kind": ["name": "kind", "type": ["enum": "Kind"], "isRequired": true],
                        "input": ["name": "input", "type": ["input": "In"]],
                    ],
                ]
            ],
        ]
        let sdl = ModelIntrospectionSDL.sdl(introspection)
        #expect(sdl.contains("enum Kind { A B }"))
        #expect(sdl.contains("type Result { ok: Boolean }"))
        #expect(sdl.contains("input In { note: String }"))
        #expect(sdl.contains("type Mutation { report(kind: Kind!, input: In): Result }"))
        let document = try ModelIntrospectionSDL.document(Array(introspection.serialized().utf8), file: "x.json")
        #expect(document.typeDefinitions.count == 4)
    }
}
