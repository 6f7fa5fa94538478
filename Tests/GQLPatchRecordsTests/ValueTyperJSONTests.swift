import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct ValueTyperJSONTests {
    let typer = ValueTyper(catalogue: OperationsFixtures.catalogue)

    func message(_ json: JSONValue, _ type: TypeReference, at path: String = "Item.f") -> String? {
        let error = OperationsFixtures.error { () throws(GQLPatchError) in
            try typer.value(fromJSON: json, as: type, at: path)
        }
        #expect(error == nil || error?.code == .invalidInput)
        return error?.message
    }

    @Test func intAcceptsWholeNumbersOnly() throws {
        #expect(try typer.value(fromJSON: 3, as: .named("Int"), at: "Item.count") == 3)
        #expect(try typer.value(fromJSON: 3.0, as: .named("Int"), at: "Item.count") == .int(3))
        #expect(message(3.5, .named("Int"), at: "Item.count") == "Item.count: expected an Int, got 3.5")
        #expect(message("abc", .named("Int"), at: "Item.count") == #"Item.count: expected an Int, got "abc""#)
        #expect(
            message(4_000_000_000, .named("Int"), at: "Item.count")
                == "Item.count: 4000000000 is outside the range of Int (-2147483648...2147483647)")
    }

    @Test func scalarsFromJSON() throws {
        #expect(try typer.value(fromJSON: 2, as: .named("Float"), at: "p") == .double(2))
        #expect(message("2", .named("Float")) == #"Item.f: expected a Float, got "2""#)
        #expect(message(1, .named("Boolean")) == "Item.f: expected a Boolean (true or false), got 1")
        #expect(message(5, .named("String")) == "Item.f: expected a String, got 5")
        #expect(try typer.value(fromJSON: 17, as: .named("ID"), at: "p") == "17")
        #expect(try typer.value(fromJSON: "00123", as: .named("String"), at: "p") == "00123")
        #expect(message(["a"], .named("String")) == "Item.f: expected a String, got a list")
        #expect(message(20_250_101, .named("AWSDate")) == "Item.f: expected an AWSDate string, got 20250101")
        #expect(
            message("2023-02-29", .named("AWSDate"))
                == #"Item.f: "2023-02-29" is not a valid AWSDate (day 29, February 2023 has 28 days)"#)
        #expect(try typer.value(fromJSON: 1_700_000_000.0, as: .named("AWSTimestamp"), at: "p") == .int(1_700_000_000))
        #expect(try typer.value(fromJSON: ["any": [1, true]], as: .named("Decimal"), at: "p") == ["any": [1, true]])
    }

    @Test func enumsAreStrings() throws {
        #expect(try typer.value(fromJSON: "TODO", as: .named("Status"), at: "Item.status") == "TODO")
        #expect(
            message("DONE", .named("Status"), at: "Item.status")
                == #"Item.status: "DONE" is not a value of enum Status (TODO, DOING)"#)
        #expect(
            message(1, .named("Status"), at: "Item.status")
                == "Item.status: expected a value of enum Status (TODO, DOING), got 1")
    }

    @Test func awsJSONIsSentAsAString() throws {
        #expect(
            try typer.value(fromJSON: ["b": 1, "a": [true, .null]], as: .named("AWSJSON"), at: "Item.meta")
                == #"{"b":1,"a":[true,null]}"#)
        #expect(try typer.value(fromJSON: #"{"x": 1}"#, as: .named("AWSJSON"), at: "Item.meta") == #"{"x": 1}"#)
        #expect(try typer.value(fromJSON: 5, as: .named("AWSJSON"), at: "Item.meta") == "5")
        #expect(
            message("not json", .named("AWSJSON"), at: "Item.meta")?.hasPrefix(
                #"Item.meta: "not json" is not valid JSON for AWSJSON (1:"#) == true)
    }

    @Test func nonNullRefusesNull() throws {
        #expect(
            message(.null, .nonNull(.named("String")), at: "Item.name")
                == "Item.name: null is not allowed (String! is required)")
        #expect(try typer.value(fromJSON: .null, as: .named("String"), at: "Item.description") == .null)
    }

    @Test func listsAreCheckedElementByElement() throws {
        let type = TypeReference.list(.nonNull(.named("Int")))
        #expect(try typer.value(fromJSON: [1, 2.0], as: type, at: "Item.ns") == [1, 2])
        #expect(message([1, "x"], type, at: "Item.ns") == #"Item.ns[1]: expected an Int, got "x""#)
        #expect(message([1, .null], type, at: "Item.ns") == "Item.ns[1]: null is not allowed (Int! is required)")
        #expect(message(1, type, at: "Item.ns") == "Item.ns: expected a list ([Int!]), got 1")
        #expect(
            message("a", .list(.named("String")), at: "Item.tags") == #"Item.tags: expected a list ([String]), got "a""#
        )
        #expect(
            try typer.value(fromJSON: [["TODO"], []], as: .list(.list(.named("Status"))), at: "p") == [["TODO"], []])
    }

    @Test func nestedInputObjects() throws {
        let file: JSONValue = ["bucket": "b", "region": "r", "key": "k", "meta": ["size": 10.0]]
        #expect(
            try typer.value(fromJSON: file, as: .named("FileInput"), at: "Item.imageFile")
                == ["bucket": "b", "region": "r", "key": "k", "meta": ["size": 10]])
        #expect(
            message(["region": "r", "key": "k"], .named("FileInput"), at: "Item.imageFile")
                == "Item.imageFile.bucket: missing required field")
        #expect(
            message(["buckt": "b", "region": "r", "key": "k"], .named("FileInput"), at: "Item.imageFile")
                == #"Item.imageFile: unknown field "buckt" (FileInput has: bucket, region, key, meta)"#)
        #expect(
            message(
                ["bucket": "b", "region": "r", "key": "k", "meta": ["size": "big"]], .named("FileInput"),
                at: "Item.imageFile")
                == #"Item.imageFile.meta.size: expected an Int, got "big""#)
        #expect(
            message(["bucket": .null, "region": "r", "key": "k"], .named("FileInput"), at: "Item.imageFile")
                == "Item.imageFile.bucket: null is not allowed (String! is required)")
        #expect(
            message("b", .named("FileInput"), at: "Item.imageFile")
                == #"Item.imageFile: expected an object (FileInput), got "b""#)
    }
}
