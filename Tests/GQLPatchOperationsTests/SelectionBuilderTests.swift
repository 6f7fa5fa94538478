import GQLPatchTestSupport
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct SelectionBuilderTests {
    let builder = SelectionBuilder(catalogue: OperationsFixtures.catalogue, wording: SourceNameWording())

    func failure(_ paths: [String]) -> GQLPatchError? {
        OperationsFixtures.error { () throws(GQLPatchError) in
            try builder.selection(for: OperationsFixtures.item, paths: paths)
        }
    }

    @Test func defaultSelectionRecursesIntoNonModelTypesWithoutCycles() {
        let selection = builder.defaultSelection(for: OperationsFixtures.item)
        #expect(
            selection.rendered
                == "{ id name description code count price done status tags imageFile { bucket key meta { size contentType } } "
                + "when meta recipeID createdAt updatedAt _version _deleted _lastChangedAt }")
    }

    @Test func defaultSelectionSkipsRelationships() {
        #expect(builder.defaultSelection(for: OperationsFixtures.recipe).rendered == "{ id title }")
        #expect(
            builder.defaultSelection(for: OperationsFixtures.recipeStep).rendered
                == "{ recipeID stepNumber text minutes createdAt }")
    }

    @Test func explicitSelectionAddsKeyAndVersion() throws {
        let selection = try builder.selection(
            for: OperationsFixtures.item, paths: ["name,imageFile.key", "imageFile.meta.size"])
        #expect(selection.rendered == "{ id name imageFile { key meta { size } } _version }")
        let step = try builder.selection(for: OperationsFixtures.recipeStep, paths: ["text"])
        #expect(step.rendered == "{ recipeID stepNumber text }")
        #expect(
            try builder.selection(for: OperationsFixtures.item, paths: ["_version", "id"]).rendered == "{ _version id }"
        )
    }

    @Test func aNonModelFieldAloneSelectsAllItsSubfields() throws {
        let selection = try builder.selection(for: OperationsFixtures.item, paths: ["imageFile.key", "imageFile"])
        #expect(selection.rendered == "{ id imageFile { bucket key meta { size contentType } } _version }")
    }

    @Test func refusals() {
        let unknown = failure(["nme"])
        #expect(unknown?.code == .invalidInput)
        #expect(unknown?.message == #"select: Item has no field "nme" (did you mean "name"?)"#)
        #expect(
            failure(["imageFile.bukcet"])?.message == #"select: File has no field "bukcet" (did you mean "bucket"?)"#)
        #expect(failure(["name.first"])?.message == #"select: "name.first": name is a String and has no subfields"#)
        #expect(
            failure(["recipe"])?.message
                == "select: recipe is a relationship; select the related records with their own command")
        #expect(failure(["name,,id"])?.code == .usage)
    }
}
