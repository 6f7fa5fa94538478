import GQLPatch
import JSON
import Testing

@Suite struct ResponseComparerTests {
    let comparer = ResponseComparer(catalogue: OperationsFixtures.catalogue, model: OperationsFixtures.item)

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
        #expect(comparer.unchangedFields(record: ["description": "d"], changes: ["description": .null]) == ["description"])
        #expect(comparer.unchangedFields(record: [:], changes: ["description": "d"]) == ["description"])
    }

    @Test func awsJSONComparesParsedValues() {
        #expect(comparer.allApplied(record: ["meta": #"{"b": [1, 2.0], "a": true}"#], changes: ["meta": #"{"a":true,"b":[1,2]}"#]))
        #expect(comparer.unchangedFields(record: ["meta": #"{"a": false}"#], changes: ["meta": #"{"a":true}"#]) == ["meta"])
        // A String field is compared as text.
        #expect(comparer.unchangedFields(record: ["description": #"{"a": 1}"#], changes: ["description": #"{"a":1}"#]) == ["description"])
    }

    @Test func inputObjectsCompareOnTheFieldsSent() {
        let record: JSONObject = ["imageFile": ["bucket": "b", "key": "k", "region": "r", "__typename": "File"]]
        #expect(comparer.allApplied(record: record, changes: ["imageFile": ["bucket": "b", "key": "k"]]))
        #expect(comparer.unchangedFields(record: record, changes: ["imageFile": ["bucket": "b", "key": "other"]]) == ["imageFile"])
        #expect(comparer.unchangedFields(record: ["imageFile": .null], changes: ["imageFile": ["bucket": "b"]]) == ["imageFile"])
    }
}
