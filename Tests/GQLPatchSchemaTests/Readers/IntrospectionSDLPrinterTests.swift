import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct IntrospectionSDLPrinterTests {
    static func named(_ kind: String, _ name: String) -> JSONValue {
        ["kind": .string(kind), "name": .string(name), "ofType": .null]
    }
    static func nonNull(_ inner: JSONValue) -> JSONValue { ["kind": "NON_NULL", "name": .null, "ofType": inner] }
    static func list(_ inner: JSONValue) -> JSONValue { ["kind": "LIST", "name": .null, "ofType": inner] }
    static func argument(
        _ name: String, _ type: JSONValue, _ defaultValue: JSONValue = .null, description: JSONValue = .null
    ) -> JSONValue {
        ["name": .string(name), "description": description, "type": type, "defaultValue": defaultValue]
    }
    static func field(
        _ name: String, _ type: JSONValue, args: [JSONValue] = [], deprecated: String? = nil,
        description: JSONValue = .null
    ) -> JSONValue {
        [
            "name": .string(name), "description": description, "args": .array(args), "type": type,
            "isDeprecated": .bool(deprecated != nil), "deprecationReason": deprecated.map(JSONValue.string) ?? .null,
        ]
    }

    static let schema: JSONValue = [
        "queryType": ["name": "Root"], "mutationType": .null, "subscriptionType": .null,
        "directives": [
            ["name": "skip", "description": .null, "locations": ["FIELD"], "args": []],
            ["name": "aws_api_key", "description": .null, "locations": ["FIELD_DEFINITION", "OBJECT"], "args": []],
        ],
        "types": [
            [
                "kind": "OBJECT", "name": "Root", "description": .null, "interfaces": [],
                "fields": [
                    field("getItem", named("OBJECT", "Item"), args: [argument("id", nonNull(named("SCALAR", "ID")))]),
                    field(
                        "search", list(named("UNION", "Result")),
                        args: [
                            argument("text", named("SCALAR", "String"), "\"a\"", description: "What to look for"),
                            argument("limit", named("SCALAR", "Int"), "10"),
                        ]),
                ],
            ],
            [
                "kind": "OBJECT", "name": "Item", "description": "An \"item\"\non two lines",
                "interfaces": [named("INTERFACE", "Node")],
                "fields": [
                    field("id", nonNull(named("SCALAR", "ID"))),
                    field("old", named("SCALAR", "String"), deprecated: "use new"),
                    field("when", named("SCALAR", "AWSDateTime")),
                    field("status", named("ENUM", "Status")),
                ],
            ],
            [
                "kind": "INTERFACE", "name": "Node", "description": .null, "interfaces": [],
                "fields": [field("id", nonNull(named("SCALAR", "ID")))],
            ],
            ["kind": "UNION", "name": "Result", "description": .null, "possibleTypes": [named("OBJECT", "Item")]],
            [
                "kind": "ENUM", "name": "Status", "description": .null,
                "enumValues": [
                    ["name": "OPEN", "description": .null, "isDeprecated": false, "deprecationReason": .null],
                    [
                        "name": "SHUT", "description": .null, "isDeprecated": true,
                        "deprecationReason": "No longer supported",
                    ],
                ],
            ],
            [
                "kind": "INPUT_OBJECT", "name": "ItemInput", "description": .null,
                "inputFields": [
                    argument("id", nonNull(named("SCALAR", "ID"))),
                    argument("tags", list(nonNull(named("SCALAR", "String"))), "[]"),
                ],
            ],
            ["kind": "SCALAR", "name": "AWSDateTime", "description": .null],
            ["kind": "SCALAR", "name": "String", "description": .null],
            ["kind": "OBJECT", "name": "__Schema", "description": .null, "interfaces": [], "fields": []],
        ],
    ]

    @Test func printsEveryKindOfType() throws {
        let sdl = try IntrospectionSDLPrinter.print(Self.schema)
        #expect(
            sdl == """
                schema {
                  query: Root
                }

                directive @aws_api_key on FIELD_DEFINITION | OBJECT

                type Root {
                  getItem(id: ID!): Item
                  search(
                    "What to look for"
                    text: String = "a"
                    limit: Int = 10
                  ): [Result]
                }

                "An \\"item\\"\\non two lines"
                type Item implements Node {
                  id: ID!
                  old: String @deprecated(reason: "use new")
                  when: AWSDateTime
                  status: Status
                }

                interface Node {
                  id: ID!
                }

                union Result = Item

                enum Status {
                  OPEN
                  SHUT @deprecated
                }

                input ItemInput {
                  id: ID!
                  tags: [String!] = []
                }

                scalar AWSDateTime

                """)
        let document = try Parser.parse(sdl, file: "pulled.graphql")
        #expect(
            document.typeDefinitions.map(\.name) == [
                "Root", "Item", "Node", "Result", "Status", "ItemInput", "AWSDateTime",
            ])
    }

    @Test func refusesAnAnswerWithoutTypes() {
        #expect(throws: GQLPatchError.self) { try IntrospectionSDLPrinter.print(["queryType": ["name": "Query"]]) }
        let error = RecordCommandFixtures.error { () throws(GQLPatchError) in
            try IntrospectionSDLPrinter.print(["directives": []])
        }
        #expect(error?.code == .badResponse)
        #expect(error?.message == "the introspection answer is not a schema: __schema.types is missing")
    }
}
