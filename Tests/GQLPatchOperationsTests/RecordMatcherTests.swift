import JSON
import Testing

@testable import GQLPatchOperations

/// The client-side check of the filter and condition shapes gqlpatch sends the service.
@Suite struct RecordMatcherTests {
    let record: JSONObject = [
        "id": "1", "status": "DONE", "count": 3, "price": 2.5, "tags": ["a", "b"], "note": .null,
    ]

    func matches(_ test: JSONValue) -> Bool { RecordMatcher.matches(test, record) }

    @Test func comparisons() {
        #expect(matches(["status": ["eq": "DONE"]]))
        #expect(!matches(["status": ["eq": "done"]]))
        #expect(matches(["count": ["eq": 3.0]]), "numbers compare by value")
        #expect(!matches(["count": ["eq": "3"]]), "no match across types")
        #expect(matches(["count": ["gt": 2]]) && !matches(["count": ["gt": 3]]))
        #expect(matches(["count": ["between": [3, 4]]]))
        #expect(matches(["status": ["beginsWith": "DO"]]))
        #expect(matches(["tags": ["contains": "b"]]) && !matches(["tags": ["contains": "c"]]))
        #expect(matches(["status": ["in": ["NEW", "DONE"]]]))
        #expect(matches(["status": ["ne": "NEW"]]))
        #expect(matches(["missing": ["ne": "x"]]), "ne holds for an absent field, as DynamoDB's <>")
    }

    @Test func absenceAndNull() {
        #expect(matches(["missing": ["attributeExists": false]]))
        #expect(matches(["note": ["attributeExists": false]]), "a stored null is no value")
        #expect(matches(["note": ["attributeType": "_null"]]))
        #expect(!matches(["status": ["attributeType": "_null"]]))
        #expect(!matches(["note": ["eq": .null]]), "eq never matches a missing value")
    }

    @Test func logic() {
        #expect(matches(["and": [["status": ["eq": "DONE"]], ["count": ["eq": 3]]]]))
        #expect(!matches(["and": [["status": ["eq": "DONE"]], ["count": ["eq": 4]]]]))
        #expect(matches(["or": [["status": ["eq": "NEW"]], ["count": ["eq": 3]]]]))
        #expect(matches(["not": ["status": ["eq": "NEW"]]]))
        #expect(!matches(["status": ["size": ["eq": 4]]]), "an operator it cannot check is not passed")
    }
}
