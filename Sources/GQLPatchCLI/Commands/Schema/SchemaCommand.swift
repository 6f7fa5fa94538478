import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch schema [<Model>]` prints the model catalogue as JSON; `gqlpatch schema pull` sends the
/// standard introspection query and prints the endpoint's schema as SDL.
package struct SchemaCommand: Sendable {
    package var options: SchemaOptions
    package var settings: Settings
    package var context: RunContext

    package func show() throws(GQLPatchError) {
        let printer = JSONPrinter(pretty: settings.pretty, console: context.console)
        switch options.action {
        case .model(let name):
            let model = try ModelLookup.model(named: name, in: settings.catalogue)
            try printer.print(CatalogueJSON.render(model), to: context.console)
        default:
            try printer.print(
                CatalogueJSON.render(settings.catalogue, source: settings.schemaSource), to: context.console)
        }
    }

    package func pull() async throws(GQLPatchError) {
        // An API named by its id: the SDL GetIntrospectionSchema gave (which answers when
        // introspection is turned off); the endpoint is not asked.
        if let api = settings.api {
            var sdl = api.schema
            if sdl.last != UInt8(ascii: "\n") { sdl.append(UInt8(ascii: "\n")) }
            try context.console.write(sdl)
            return
        }
        let request = GraphQLRequestBody(
            query: IntrospectionSDLPrinter.query, variables: JSONObject(), operationName: "IntrospectionQuery")
        if settings.dryRun {
            try DryRun.print([PlannedRequest("introspect the schema", request)], settings: settings, context: context)
            return
        }
        let session = CommandSession(settings: settings, context: context)
        let response = try await session.send(request)
        if let failure = response.failure {
            try session.printEnvelopeOnFailure(response)
            throw failure
        }
        guard let schema = response.data?["__schema"], schema.objectValue != nil else {
            throw GQLPatchError(.badResponse, "the introspection answer has no data.__schema")
        }
        let sdl = try IntrospectionSDLPrinter.print(schema)
        try context.console.write(Array(sdl.utf8))
    }
}
