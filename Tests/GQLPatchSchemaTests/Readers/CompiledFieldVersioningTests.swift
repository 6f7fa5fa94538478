import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// v1 `@versioned` read from what the real v1 transformer compiled (issue 15 item 2): the version input is
/// the update input's `Int!` field that is not a model field, the version field the model's `Int!` field
/// the create input lacks, whatever `versionField:`/`versionInput:` call them.
@Suite(.enabled(if: V1Transformer.available, V1Transformer.missing))
struct CompiledFieldVersioningTests {
    static let source = """
        type Note @model @versioned {
          id: ID!
          title: String!
          body: String
        }
        type Doc @model @versioned(versionField: "rev", versionInput: "expectedRev") @key(fields: ["owner", "slug"]) {
          owner: String!
          slug: String!
          rev: Int
          count: Int!
          text: String
        }
        type Plain @model @key(fields: ["sku"]) {
          sku: String!
          count: Int!
        }
        """

    func catalogue(_ conflictResolution: Bool? = nil) throws -> ModelCatalogue {
        let compiled = try V1Transformer.compile(Self.source)
        return try CatalogueLoader.load(
            path: "c.graphql", files: .memory(["c.graphql": Array(compiled.schema.utf8)]), versioned: conflictResolution
        )
    }

    @Test func defaultNamesAreRead() throws {
        let note = try #require(try catalogue().models["Note"])
        #expect(note.fieldVersioning == FieldVersioning(versionField: "version", versionInput: "expectedVersion"))
        #expect(note.field("version")?.isReadOnly == true)
        #expect(!note.isVersioned, "not conflict resolution's _version")
    }

    /// `rev` is in the update input and `count: Int!` is another required Int the create input has: the
    /// renamed pair is still found, and `rev` is the resolver's to set.
    @Test func renamedFieldAndInputAreRead() throws {
        let doc = try #require(try catalogue().models["Doc"])
        #expect(doc.fieldVersioning == FieldVersioning(versionField: "rev", versionInput: "expectedRev"))
        #expect(doc.primaryKey == ["owner", "slug"])
        #expect(doc.field("rev")?.isReadOnly == true)
        #expect(doc.field("count")?.isReadOnly == false)
    }

    @Test func anUnversionedModelHasNone() throws {
        #expect(try catalogue().models["Plain"]?.fieldVersioning == nil)
    }

    /// `--conflict-resolution on|off` decides `_version` only: the v1 inputs require the expected version.
    @Test func conflictResolutionDoesNotApply() throws {
        for flag in [true, false] {
            let models = try catalogue(flag).models
            #expect(models["Note"]?.isVersioned == false, "\(flag)")
            #expect(models["Note"]?.fieldVersioning?.versionInput == "expectedVersion", "\(flag)")
            #expect(models["Plain"]?.isVersioned == flag)
        }
    }

    @Test func theSchemaCommandShowsIt() throws {
        let json = CatalogueJSON.render(try #require(try catalogue().models["Doc"]))
        #expect(json["fieldVersioning"] == ["versionField": "rev", "versionInput": "expectedRev"])
    }
}
