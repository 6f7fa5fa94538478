import Testing

@testable import GraphQLSDL

/// The project's own AppSync-style schema (`Tests/Fixtures/graphql/appsync-sample.graphql`), so the
/// constructs of compiled Amplify schemas are covered without the shared test data.
@Suite struct AppSyncSampleTests {
    static func document() throws -> Document {
        try Parser.parse(try Fixture.bytes("graphql/appsync-sample.graphql"), file: "appsync-sample.graphql")
    }

    @Test func modelTypeWithAuthDirectives() throws {
        let document = try Self.document()
        let todo = try #require(document.typeDefinitions.first { $0.name == "Todo" })
        #expect(todo.directives.map(\.name) == ["aws_iam", "aws_cognito_user_pools"])
        #expect(
            todo.directive("aws_cognito_user_pools")?.argument("cognito_groups")
                == .list([.string("Admin"), .string("Editors")]))
        #expect(todo.fields.count == 10)
        #expect(todo.field("tags")?.type.description == "[String!]")
        #expect(todo.field("_version")?.type == .nonNull(.named("Int")))
        #expect(todo.field("createdAt")?.type.namedType == "AWSDateTime")
    }

    @Test func operationsAndInputs() throws {
        let document = try Self.document()
        let mutation = try #require(document.typeDefinitions.first { $0.name == "Mutation" })
        let update = try #require(mutation.field("updateTodo"))
        #expect(update.arguments.map(\.name) == ["input", "condition"])
        #expect(update.arguments[0].type == .nonNull(.named("UpdateTodoInput")))
        let create = try #require(document.typeDefinitions.first { $0.name == "CreateTodoInput" })
        #expect(create.kind == .inputObject)
        #expect(create.inputFields.first { $0.name == "priority" }?.defaultValue == .enumValue("NORMAL"))
        let subscription = try #require(document.typeDefinitions.first { $0.name == "Subscription" })
        #expect(
            subscription.field("onUpdateTodo")?.directive("aws_subscribe")?.argument("mutations")
                == .list([.string("updateTodo"), .string("upsertTodo")]))
        guard case .schema(let schema) = try #require(document.definitions.first) else {
            Issue.record("expected the schema definition first")
            return
        }
        #expect(schema.operationTypes == [.query: "Query", .mutation: "Mutation", .subscription: "Subscription"])
    }

    @Test func everyIDFieldIsNonNull() throws {
        let document = try Self.document()
        let ids = document.typeDefinitions.flatMap(\.fields).map(\.type).filter { $0.namedType == "ID" }
        #expect(!ids.isEmpty)
        #expect(Set(ids) == [.nonNull(.named("ID"))])
    }
}
