import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct ResponseComparerTests {
    let comparer = ResponseComparer(catalogue: OperationsFixtures.catalogue, model: OperationsFixtures.item)

    /// Two records' values as `diff` compares them, by the field's type: the same comparer as the
    /// changes an update checks, so a value is "the same" alike for both.
    @Test func twoRecordsValuesCompareByTheirFieldsType() {
        #expect(comparer.sameValue(.int(2), .double(2.0), field: "count"))
        #expect(!comparer.sameValue(.int(2), .double(2.5), field: "count"))
        #expect(comparer.sameValue(nil, .null, field: "description"), "absent is null")
        #expect(!comparer.sameValue(nil, "d", field: "description"))
        #expect(comparer.sameValue(#"{"a":[1,2]}"#, #"{ "a": [1, 2.0] }"#, field: "meta"), "AWSJSON by content")
        #expect(!comparer.sameValue(#"{"a":1}"#, #"{ "a": 1 }"#, field: "name"), "a String is text")
        #expect(
            comparer.sameValue("2024-05-01T10:00:00Z", "2024-05-01T10:00:00.000Z", field: "updatedAt"),
            "two spellings of one AWSDateTime")
        #expect(!comparer.sameValue("2024-05-01T10:00:00Z", "2024-05-01T10:00:01Z", field: "updatedAt"))
        #expect(comparer.sameValue(["b", "a"], ["b", "a"], field: "tags"))
        #expect(!comparer.sameValue(["a", "b"], ["b", "a"], field: "tags"), "lists in order")
        #expect(comparer.sameValue(["key": "k", "bucket": "b"], ["bucket": "b", "key": "k"], field: "imageFile"))
        #expect(!comparer.sameValue(["key": "k"], ["key": "k", "bucket": "b"], field: "imageFile"), "every member")
    }

    @Test func equalValuesAreApplied() {
        let record: JSONObject = ["id": "i1", "name": "n", "count": 2, "price": 3, "tags": ["a", "b"], "_version": 4]
        let changes: JSONObject = ["name": "n", "count": 2, "price": 3.0, "tags": ["a", "b"]]
        #expect(comparer.unchangedFields(record: record, changes: changes) == [])
        #expect(comparer.allApplied(record: record, changes: changes))
    }

    @Test func differingValuesAreListedInChangeOrder() {
        let record: JSONObject = ["id": "i1", "name": "server", "count": 2, "tags": ["a", "b", "a", "b"]]
        let changes: JSONObject = ["tags": ["a", "b"], "count": 2, "name": "mine"]
        #expect(comparer.unchangedFields(record: record, changes: changes) == ["tags", "name"])
        #expect(!comparer.allApplied(record: record, changes: changes))
    }

    @Test func nullEqualsAbsent() {
        #expect(comparer.allApplied(record: ["id": "i1"], changes: ["description": .null]))
        #expect(comparer.allApplied(record: ["id": "i1", "description": .null], changes: ["description": .null]))
        #expect(
            comparer.unchangedFields(record: ["description": "d"], changes: ["description": .null]) == ["description"])
        #expect(comparer.unchangedFields(record: [:], changes: ["description": "d"]) == ["description"])
    }

    @Test func awsJSONComparesParsedValues() {
        #expect(
            comparer.allApplied(
                record: ["meta": #"{"b": [1, 2.0], "a": true}"#], changes: ["meta": #"{"a":true,"b":[1,2]}"#]))
        #expect(
            comparer.unchangedFields(record: ["meta": #"{"a": false}"#], changes: ["meta": #"{"a":true}"#]) == ["meta"])
        // A String field is compared as text.
        #expect(
            comparer.unchangedFields(record: ["description": #"{"a": 1}"#], changes: ["description": #"{"a":1}"#]) == [
                "description"
            ])
    }

    @Test func inputObjectsCompareOnTheFieldsSent() {
        let record: JSONObject = ["imageFile": ["bucket": "b", "key": "k", "region": "r", "__typename": "File"]]
        #expect(comparer.allApplied(record: record, changes: ["imageFile": ["bucket": "b", "key": "k"]]))
        #expect(
            comparer.unchangedFields(record: record, changes: ["imageFile": ["bucket": "b", "key": "other"]]) == [
                "imageFile"
            ])
        #expect(
            comparer.unchangedFields(record: ["imageFile": .null], changes: ["imageFile": ["bucket": "b"]]) == [
                "imageFile"
            ])
    }
}

/// Values a server answers in another spelling than was sent compare by the field's type (issue 12 #9).
@Suite struct ResponseComparerNormalisationTests {
    let comparer = ResponseComparer(catalogue: OperationsFixtures.catalogue, model: OperationsFixtures.item)
    let repository = ResponseComparer(
        catalogue: RecordCommandFixtures.catalogue, model: RecordCommandFixtures.model("Item"))

    @Test func datesCompareByValue() {
        #expect(comparer.allApplied(record: ["when": "2024-01-01"], changes: ["when": "2024-01-01Z"]))
        #expect(comparer.allApplied(record: ["when": "2024-01-01+00:00"], changes: ["when": "2024-01-01"]))
        #expect(comparer.unchangedFields(record: ["when": "2024-01-01"], changes: ["when": "2024-01-02Z"]) == ["when"])
        #expect(
            comparer.unchangedFields(record: ["when": "2024-01-01"], changes: ["when": "2024-01-01+01:00"]) == ["when"])
    }

    @Test func dateTimesCompareAsInstants() {
        #expect(
            repository.allApplied(
                record: ["createdAt": "2024-01-01T13:00:00.000+01:00"], changes: ["createdAt": "2024-01-01T12:00Z"]))
        #expect(
            repository.allApplied(
                record: ["createdAt": "2024-01-01T12:00:00.5Z"], changes: ["createdAt": "2024-01-01T12:00:00.500000Z"]))
        #expect(
            repository.unchangedFields(
                record: ["createdAt": "2024-01-01T12:00:01Z"], changes: ["createdAt": "2024-01-01T12:00Z"]) == [
                    "createdAt"
                ])
        // Text that is no date at all still compares as text.
        #expect(
            repository.unchangedFields(record: ["createdAt": "soon"], changes: ["createdAt": "2024-01-01T12:00Z"]) == [
                "createdAt"
            ])
    }

    @Test func numbersInsideObjectsAndAWSJSONInsideListsCompareByValue() {
        let record: JSONObject = ["imageFile": ["bucket": "b", "meta": ["size": .double(5)]], "count": .double(5)]
        #expect(
            comparer.allApplied(
                record: record, changes: ["imageFile": ["bucket": "b", "meta": ["size": 5]], "count": 5]))
    }

    /// A dotted `--select` returns only part of an object that was sent whole: only that part is compared.
    @Test func onlyTheSelectedPartOfAnObjectIsCompared() {
        let selection = SelectionSet(fields: [
            SelectionSet.Field(name: "imageFile", subselection: SelectionSet(fields: [SelectionSet.Field(name: "key")]))
        ])
        let sent: JSONObject = ["imageFile": ["bucket": "b", "region": "r", "key": "k"], "name": "n"]
        #expect(
            comparer.unchangedFields(record: ["imageFile": ["key": "k"]], changes: sent, selection: selection) == [])
        #expect(
            comparer.unchangedFields(record: ["imageFile": ["key": "other"]], changes: sent, selection: selection) == [
                "imageFile"
            ])
        #expect(comparer.unchangedFields(record: ["imageFile": ["key": "k"]], changes: sent) == ["imageFile", "name"])
    }
}
