import JSON
import Testing

@Suite struct JSONValueTests {
    @Test func literals() {
        let value: JSONValue = ["s": "x", "i": 1, "d": 1.5, "b": true, "a": [1, "two"], "o": ["k": false]]
        let expected = JSONValue.object(
            JSONObject([
                ("s", .string("x")), ("i", .int(1)), ("d", .double(1.5)), ("b", .bool(true)),
                ("a", .array([.int(1), .string("two")])), ("o", .object(JSONObject([("k", .bool(false))]))),
            ]))
        #expect(value == expected)
        #expect(value.objectValue?.keys == ["s", "i", "d", "b", "a", "o"])
        let object: JSONObject = ["z": 1, "a": 2, "z": 3]
        #expect(object.keys == ["z", "a"])
        #expect(object["z"] == 3)
    }

    @Test func accessors() {
        let value: JSONValue = ["n": 3, "d": 2.5, "b": true, "s": "t", "a": [], "null": .null]
        #expect(value["n"]?.intValue == 3)
        #expect(value["n"]?.doubleValue == 3.0)
        #expect(value["d"]?.doubleValue == 2.5)
        #expect(value["d"]?.intValue == nil)
        #expect(value["b"]?.boolValue == true)
        #expect(value["s"]?.stringValue == "t")
        #expect(value["s"]?.boolValue == nil)
        #expect(value["a"]?.arrayValue == [])
        #expect(value["null"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(JSONValue.int(1)["n"] == nil)
    }

    @Test func objectEqualityAndHashIgnoreOrder() {
        let a: JSONObject = ["x": 1, "y": [true]]
        let b: JSONObject = ["y": [true], "x": 1]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(JSONValue.object(a).hashValue == JSONValue.object(b).hashValue)
        #expect(Set([JSONValue.object(a), .object(b)]).count == 1)
        #expect(a != ["x": 1, "y": [false]])
        #expect(a != ["x": 1])
    }

    @Test func integerAndDoubleAreDistinct() {
        #expect(JSONValue.int(1) != .double(1))
    }

    @Test func removeValueForKey() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        #expect(object.removeValue(forKey: "b") == 2)
        #expect(object.removeValue(forKey: "b") == nil)
        #expect(object.keys == ["a", "c"])
        object["a"] = nil
        #expect(object.keys == ["c"])
        #expect(object.count == 1)
        object["b"] = 4
        #expect(Array(object.map(\.key)) == ["c", "b"])
    }

    @Test func iterationFollowsKeyOrder() {
        let object: JSONObject = ["q": 1, "a": "x", "m": .null]
        let pairs = object.map { "\($0.key)=\($0.value)" }
        #expect(pairs == ["q=1", "a=\"x\"", "m=null"])
    }

    @Test func descriptionIsCompactJSON() {
        let value: JSONValue = ["a": [1, "b"]]
        #expect(value.description == #"{"a":[1,"b"]}"#)
        #expect("\(value)" == #"{"a":[1,"b"]}"#)
        #expect(value.objectValue?.description == #"{"a":[1,"b"]}"#)
    }
}

@Suite struct JSONObjectLargeTests {
    /// Objects above the index threshold behave exactly like small ones.
    @Test(arguments: [5, 32, 33, 100])
    func insertLookUpRemove(count: Int) throws {
        var object = JSONObject()
        for n in 0..<count { object["k\(n)"] = .int(n) }
        object["k0"] = "first"
        #expect(object.count == count)
        #expect(object.keys.first == "k0")
        #expect(object["k0"] == "first")
        #expect(object["k\(count - 1)"] == .int(count - 1))
        #expect(object["missing"] == nil)

        #expect(object.removeValue(forKey: "k1") == 1)
        #expect(object["k1"] == nil)
        #expect(object["k2"] == 2)
        #expect(object["k\(count - 1)"] == .int(count - 1))
        object["k1"] = 11
        #expect(object.keys.last == "k1")
        #expect(object.count == count)

        var reversed = JSONObject()
        for key in object.keys.reversed() { reversed[key] = object[key] }
        #expect(reversed == object)
        #expect(reversed.hashValue == object.hashValue)
        reversed["k2"] = 3
        #expect(reversed != object)

        let parsed = try JSONValue.parse(JSONValue.object(object).serialized())
        #expect(parsed == .object(object))
        #expect(parsed.objectValue?.keys == object.keys)
    }

    @Test func duplicateKeysInALargeParsedObject() throws {
        let members = (0..<40).map { "\"k\($0 % 35)\":\($0)" }.joined(separator: ",")
        let object = try #require(try JSONValue.parse("{\(members)}").objectValue)
        #expect(object.count == 35)
        #expect(object.keys.prefix(3) == ["k0", "k1", "k2"])
        #expect(object["k0"] == 35)
        #expect(object["k5"] == 5)
    }
}
