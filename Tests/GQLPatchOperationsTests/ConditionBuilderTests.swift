import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import GQLPatchTestSupport
import JSON
import Testing

@Suite struct ConditionBuilderTests {
    let builder = ConditionBuilder(catalogue: OperationsFixtures.catalogue, wording: SourceNameWording())
    let item = OperationsFixtures.item

    func failure(_ pairs: [FieldAssignment]) -> GQLPatchError? {
        OperationsFixtures.error { () throws(GQLPatchError) in try builder.condition(model: item, pairs: pairs) }
    }

    @Test func noPairsNoCondition() throws {
        #expect(try builder.condition(model: item, pairs: []) == nil)
    }

    @Test func oneFieldIsAnEqTest() throws {
        #expect(
            try builder.condition(model: item, pairs: [FieldAssignment(field: "count", value: .text("3"))]) == [
                "count": ["eq": 3]
            ])
        #expect(
            try builder.condition(model: item, pairs: [FieldAssignment(field: "name", value: .text("null"))])
                == ["name": ["eq": "null"]])
    }

    @Test func severalFieldsAreAndedInOrder() throws {
        let condition = try builder.condition(
            model: item,
            pairs: [
                FieldAssignment(field: "status", value: .text("TODO")),
                FieldAssignment(field: "done", value: .json("false")),
                FieldAssignment(field: "name", value: .json("null")),
            ])
        #expect(
            condition == [
                "and": [["status": ["eq": "TODO"]], ["done": ["eq": false]], ["name": ["attributeExists": false]]]
            ])
    }

    @Test func refusals() {
        #expect(
            failure([FieldAssignment(field: "cont", value: .text("1"))])?.message
                == #"condition: unknown field "cont" for Item; did you mean "count"?"#)
        #expect(
            failure([FieldAssignment(field: "count", value: .text("x"))])?.message
                == #"Item.count: expected an Int, got "x""#)
        #expect(
            failure([FieldAssignment(field: "status", value: .text("DONE"))])?.message
                == #"Item.status: "DONE" is not a value of enum Status (TODO, DOING)"#)
        #expect(
            failure([FieldAssignment(field: "description", value: .text("x"))])?.message
                == "condition field description: ModelItemConditionInput has no field description, so it cannot be tested"
        )
        #expect(
            failure([FieldAssignment(field: "imageFile", value: .text("x"))])?.message
                == "condition field imageFile: conditions can test only scalar and enum fields")
        #expect(failure([FieldAssignment(field: "recipe", value: .text("x"))])?.code == .invalidInput)
    }

    /// `F:=null` holds for an absent attribute and for one stored as null (issue 12 #10).
    @Test func nullMatchesAbsentAndExplicitNull() throws {
        let repository = ConditionBuilder(catalogue: RecordCommandFixtures.catalogue, wording: SourceNameWording())
        let nullTest: JSONValue = [
            "or": [["description": ["attributeExists": false]], ["description": ["attributeType": "_null"]]]
        ]
        for value in [FieldAssignment.Value.null, .json("null")] {
            #expect(
                try repository.condition(
                    model: RecordCommandFixtures.model("Item"),
                    pairs: [FieldAssignment(field: "description", value: value)])
                    == nullTest)
        }
        let two = try repository.condition(
            model: RecordCommandFixtures.model("Item"),
            pairs: [
                FieldAssignment(field: "name", value: .text("Lamp")),
                FieldAssignment(field: "description", value: .null),
            ])
        #expect(two == ["and": [["name": ["eq": "Lamp"]], nullTest]])
    }

    /// An enum's condition input has only eq and ne: there is no way to test it for null.
    @Test func nullOnAFieldWithoutAttributeTestsIsRefused() {
        #expect(
            failure([FieldAssignment(field: "status", value: .null)])?.message
                == "condition field status:=null: ModelStatusInput has no attributeExists or attributeType test, so Item.status cannot be tested for null"
        )
        #expect(failure([FieldAssignment(field: "status", value: .null)])?.code == .invalidInput)
    }
}
