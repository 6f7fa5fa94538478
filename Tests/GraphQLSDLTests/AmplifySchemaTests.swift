import Foundation
import Testing

@testable import GraphQLSDL

/// Parses every real Amplify schema of the shared test data (not copied into the project: the files carry no
/// licence). Skipped, with the reason shown, when the shared data is absent.
@Suite(.enabled(if: !Fixture.amplifySchemas.isEmpty, "shared test data (../shared/testdata/amplify) not found"))
struct AmplifySchemaTests {
    @Test(arguments: Fixture.amplifySchemas)
    func parses(path: String) throws {
        let url = try #require(Fixture.sharedTestData).appendingPathComponent("amplify").appendingPathComponent(path)
        let document = try Parser.parse(Array(try Data(contentsOf: url)), file: path)
        #expect(!document.typeDefinitions.isEmpty)
        for type in document.typeDefinitions {
            #expect(!type.name.isEmpty)
        }
    }

    @Test func compiledSchemaHasSubscriptionDirectives() throws {
        let path = "amplify/compiled-schema/dpilch-references-examples__withSortKey__schema.graphql"
        let url = try #require(Fixture.sharedTestData).appendingPathComponent(path)
        let document = try Parser.parse(Array(try Data(contentsOf: url)), file: path)
        let primary = try #require(document.typeDefinitions.first { $0.name == "Primary" })
        #expect(primary.kind == .object)
        #expect(primary.field("tenantId")?.type == .nonNull(.named("ID")))
        let related = try #require(primary.field("related"))
        #expect(related.arguments.map(\.name) == ["filter", "sortDirection", "limit", "nextToken"])
        let subscription = try #require(document.typeDefinitions.first { $0.name == "Subscription" })
        let onCreate = try #require(subscription.field("onCreatePrimary"))
        #expect(onCreate.directive("aws_subscribe")?.argument("mutations") == .list([.string("createPrimary")]))
    }
}
