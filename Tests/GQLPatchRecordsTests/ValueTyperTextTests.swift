import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct ValueTyperTextTests {
    let typer = ValueTyper(catalogue: OperationsFixtures.catalogue)

    struct Accept: Sendable, CustomStringConvertible {
        var type: String
        var text: String
        var expected: JSONValue
        var description: String { "\(type) \(text)" }
    }

    static let accepted: [Accept] = [
        Accept(type: "String", text: "00123", expected: "00123"),
        Accept(type: "String", text: "", expected: ""),
        Accept(type: "String", text: "true", expected: "true"),
        Accept(type: "ID", text: "00123", expected: "00123"),
        Accept(type: "Int", text: "42", expected: 42),
        Accept(type: "Int", text: "-2147483648", expected: .int(-2_147_483_648)),
        Accept(type: "Int", text: "2147483647", expected: 2_147_483_647),
        Accept(type: "Int", text: "007", expected: 7),
        Accept(type: "Float", text: "3.5", expected: 3.5),
        Accept(type: "Float", text: "-1e3", expected: -1000.0),
        Accept(type: "Float", text: "2", expected: 2.0),
        Accept(type: "Boolean", text: "true", expected: true),
        Accept(type: "Boolean", text: "false", expected: false),
        Accept(type: "Status", text: "DOING", expected: "DOING"),
        Accept(type: "AWSJSON", text: #"{"a": [1, 2]}"#, expected: #"{"a": [1, 2]}"#),
        Accept(type: "AWSJSON", text: "42", expected: "42"),
        Accept(type: "AWSDate", text: "2024-02-29", expected: "2024-02-29"),
        Accept(type: "AWSDate", text: "2000-02-29", expected: "2000-02-29"),
        Accept(type: "AWSDate", text: "1970-01-01Z", expected: "1970-01-01Z"),
        Accept(type: "AWSDate", text: "1970-01-01-07:00", expected: "1970-01-01-07:00"),
        Accept(type: "AWSDate", text: "1970-01-01+05:30:15", expected: "1970-01-01+05:30:15"),
        Accept(type: "AWSTime", text: "12:30", expected: "12:30"),
        Accept(type: "AWSTime", text: "12:30Z", expected: "12:30Z"),
        Accept(type: "AWSTime", text: "12:30:24-07:00", expected: "12:30:24-07:00"),
        Accept(type: "AWSTime", text: "23:59:59.500+05:30", expected: "23:59:59.500+05:30"),
        Accept(type: "AWSTime", text: "00:00:00.123456789", expected: "00:00:00.123456789"),
        Accept(type: "AWSDateTime", text: "2025-06-01T12:00:00.000Z", expected: "2025-06-01T12:00:00.000Z"),
        Accept(type: "AWSDateTime", text: "2025-06-01T12:00+02:00", expected: "2025-06-01T12:00+02:00"),
        Accept(type: "AWSTimestamp", text: "1700000000", expected: 1_700_000_000),
        Accept(type: "AWSTimestamp", text: "-5", expected: -5),
        Accept(type: "AWSEmail", text: "first.last+tag@example.co.uk", expected: "first.last+tag@example.co.uk"),
        Accept(
            type: "AWSURL", text: "https://www.amazon.com/dp/B000NZW3KC/",
            expected: "https://www.amazon.com/dp/B000NZW3KC/"),
        Accept(type: "AWSURL", text: "mailto:example@example.com", expected: "mailto:example@example.com"),
        Accept(type: "AWSURL", text: "http://user@[::1]:8080/a?b=c#d", expected: "http://user@[::1]:8080/a?b=c#d"),
        Accept(type: "AWSPhone", text: "+1 (206) 555-0100", expected: "+1 (206) 555-0100"),
        Accept(type: "AWSPhone", text: "206-555-0100", expected: "206-555-0100"),
        Accept(type: "AWSIPAddress", text: "192.168.0.1", expected: "192.168.0.1"),
        Accept(type: "AWSIPAddress", text: "10.0.0.0/8", expected: "10.0.0.0/8"),
        Accept(type: "AWSIPAddress", text: "2001:db8::1", expected: "2001:db8::1"),
        Accept(type: "AWSIPAddress", text: "::ffff:192.0.2.1/96", expected: "::ffff:192.0.2.1/96"),
        Accept(type: "AWSIPAddress", text: "1:2:3:4:5:6:7:8", expected: "1:2:3:4:5:6:7:8"),
        Accept(type: "AWSIPAddress", text: "::", expected: "::"),
        Accept(type: "Decimal", text: "12.50", expected: "12.50"),
    ]

    @Test(arguments: accepted)
    func acceptsText(_ example: Accept) throws {
        let value = try typer.value(fromText: example.text, as: .named(example.type), at: "Item.f")
        #expect(value == example.expected)
    }

    struct Refuse: Sendable, CustomStringConvertible {
        var type: String
        var text: String
        var message: String
        var description: String { "\(type) \(text)" }
    }

    static let refused: [Refuse] = [
        Refuse(type: "Int", text: "abc", message: #"Item.f: expected an Int, got "abc""#),
        Refuse(type: "Int", text: "3.0", message: #"Item.f: expected an Int, got "3.0""#),
        Refuse(type: "Int", text: "+3", message: #"Item.f: expected an Int, got "+3""#),
        Refuse(
            type: "Int", text: "2147483648",
            message: "Item.f: 2147483648 is outside the range of Int (-2147483648...2147483647)"),
        Refuse(
            type: "Int", text: "-2147483649",
            message: "Item.f: -2147483649 is outside the range of Int (-2147483648...2147483647)"),
        Refuse(
            type: "Int", text: "99999999999999999999",
            message: "Item.f: 99999999999999999999 is outside the range of Int (-2147483648...2147483647)"),
        Refuse(type: "Float", text: "inf", message: #"Item.f: expected a Float, got "inf""#),
        Refuse(type: "Float", text: "nan", message: #"Item.f: expected a Float, got "nan""#),
        Refuse(type: "Float", text: "1e999", message: "Item.f: 1e999 is too large for a Float"),
        Refuse(type: "Float", text: ".5", message: #"Item.f: expected a Float, got ".5""#),
        Refuse(type: "Boolean", text: "yes", message: #"Item.f: expected a Boolean (true or false), got "yes""#),
        Refuse(type: "Boolean", text: "True", message: #"Item.f: expected a Boolean (true or false), got "True""#),
        Refuse(type: "Status", text: "DONE", message: #"Item.f: "DONE" is not a value of enum Status (TODO, DOING)"#),
        Refuse(type: "Status", text: "todo", message: #"Item.f: "todo" is not a value of enum Status (TODO, DOING)"#),
        Refuse(type: "AWSJSON", text: "{a", message: #"Item.f: "{a" is not valid JSON for AWSJSON (1:2: "#),
        Refuse(
            type: "AWSDate", text: "2025-13-45", message: #"Item.f: "2025-13-45" is not a valid AWSDate (month 13)"#),
        Refuse(type: "AWSDate", text: "2025-12-45", message: #"Item.f: "2025-12-45" is not a valid AWSDate (day 45)"#),
        Refuse(
            type: "AWSDate", text: "2023-02-29",
            message: #"Item.f: "2023-02-29" is not a valid AWSDate (day 29, February 2023 has 28 days)"#),
        Refuse(
            type: "AWSDate", text: "1900-02-29",
            message: #"Item.f: "1900-02-29" is not a valid AWSDate (day 29, February 1900 has 28 days)"#),
        Refuse(
            type: "AWSDate", text: "2025-04-31",
            message: #"Item.f: "2025-04-31" is not a valid AWSDate (day 31, April 2025 has 30 days)"#),
        Refuse(type: "AWSDate", text: "2025-00-10", message: #"Item.f: "2025-00-10" is not a valid AWSDate (month 0)"#),
        Refuse(
            type: "AWSDate", text: "2025-1-1",
            message:
                #"Item.f: "2025-1-1" is not a valid AWSDate (expected YYYY-MM-DD with an optional offset Z, ±hh:mm or ±hh:mm:ss)"#
        ),
        Refuse(
            type: "AWSDate", text: "2025-01-01T00:00Z",
            message:
                #"Item.f: "2025-01-01T00:00Z" is not a valid AWSDate (expected YYYY-MM-DD with an optional offset Z, ±hh:mm or ±hh:mm:ss)"#
        ),
        Refuse(
            type: "AWSDate", text: "2025-01-01+25:00",
            message: #"Item.f: "2025-01-01+25:00" is not a valid AWSDate (offset hour 25)"#),
        Refuse(type: "AWSTime", text: "24:00", message: #"Item.f: "24:00" is not a valid AWSTime (hour 24)"#),
        Refuse(type: "AWSTime", text: "12:60", message: #"Item.f: "12:60" is not a valid AWSTime (minute 60)"#),
        Refuse(type: "AWSTime", text: "12:30:60", message: #"Item.f: "12:30:60" is not a valid AWSTime (second 60)"#),
        Refuse(
            type: "AWSTime", text: "12:30:00.1234567890",
            message:
                #"Item.f: "12:30:00.1234567890" is not a valid AWSTime (1 to 9 digits are allowed after the seconds' point)"#
        ),
        Refuse(
            type: "AWSTime", text: "12",
            message:
                #"Item.f: "12" is not a valid AWSTime (expected hh:mm, hh:mm:ss or hh:mm:ss.sss with an optional offset Z, ±hh:mm or ±hh:mm:ss)"#
        ),
        Refuse(
            type: "AWSDateTime", text: "2025-06-01T12:00:00",
            message:
                #"Item.f: "2025-06-01T12:00:00" is not a valid AWSDateTime (a time zone offset (Z or ±hh:mm) is required)"#
        ),
        Refuse(
            type: "AWSDateTime", text: "2025-06-01 12:00Z",
            message:
                #"Item.f: "2025-06-01 12:00Z" is not a valid AWSDateTime (expected YYYY-MM-DDThh:mm[:ss[.sss]] followed by Z, ±hh:mm or ±hh:mm:ss)"#
        ),
        Refuse(
            type: "AWSDateTime", text: "2023-02-29T00:00Z",
            message: #"Item.f: "2023-02-29T00:00Z" is not a valid AWSDateTime (day 29, February 2023 has 28 days)"#),
        Refuse(
            type: "AWSDateTime", text: "2025-06-01T24:00Z",
            message: #"Item.f: "2025-06-01T24:00Z" is not a valid AWSDateTime (hour 24)"#),
        Refuse(
            type: "AWSTimestamp", text: "1.5",
            message: #"Item.f: expected an AWSTimestamp (whole seconds since 1970-01-01T00:00Z), got "1.5""#),
        Refuse(
            type: "AWSEmail", text: "no-at-sign",
            message: #"Item.f: "no-at-sign" is not a valid AWSEmail (expected local-part@domain)"#),
        Refuse(
            type: "AWSEmail", text: "a b@example.com",
            message: #"Item.f: "a b@example.com" is not a valid AWSEmail (character ' ' is not allowed before the @)"#),
        Refuse(
            type: "AWSEmail", text: "a@example..com",
            message: #"Item.f: "a@example..com" is not a valid AWSEmail (empty label in the domain)"#),
        Refuse(
            type: "AWSURL", text: "www.example.com",
            message: #"Item.f: "www.example.com" is not a valid AWSURL (expected a scheme such as https: or mailto:)"#),
        Refuse(
            type: "AWSURL", text: "https:///path", message: #"Item.f: "https:///path" is not a valid AWSURL (no host)"#),
        Refuse(
            type: "AWSURL", text: "https://example.com/a//b",
            message: #"Item.f: "https://example.com/a//b" is not a valid AWSURL (// inside the path)"#),
        Refuse(
            type: "AWSURL", text: "https://exa mple.com",
            message: #"Item.f: "https://exa mple.com" is not a valid AWSURL (contains a space)"#),
        Refuse(
            type: "AWSURL", text: "mailto:",
            message: #"Item.f: "mailto:" is not a valid AWSURL (nothing after the scheme)"#),
        Refuse(
            type: "AWSPhone", text: "555-CALL",
            message: #"Item.f: "555-CALL" is not a valid AWSPhone (character 'C' is not allowed)"#),
        Refuse(
            type: "AWSPhone", text: "1+2345",
            message: #"Item.f: "1+2345" is not a valid AWSPhone (+ is allowed only at the start)"#),
        Refuse(type: "AWSPhone", text: "+1", message: #"Item.f: "+1" is not a valid AWSPhone (too few digits)"#),
        Refuse(
            type: "AWSIPAddress", text: "256.1.1.1",
            message: #"Item.f: "256.1.1.1" is not a valid AWSIPAddress (not an IPv4 or IPv6 address)"#),
        Refuse(
            type: "AWSIPAddress", text: "01.1.1.1",
            message: #"Item.f: "01.1.1.1" is not a valid AWSIPAddress (not an IPv4 or IPv6 address)"#),
        Refuse(
            type: "AWSIPAddress", text: "1::2::3",
            message: #"Item.f: "1::2::3" is not a valid AWSIPAddress (not an IPv4 or IPv6 address)"#),
        Refuse(
            type: "AWSIPAddress", text: "1:2:3:4:5:6:7",
            message: #"Item.f: "1:2:3:4:5:6:7" is not a valid AWSIPAddress (not an IPv4 or IPv6 address)"#),
        Refuse(
            type: "AWSIPAddress", text: "10.0.0.0/33",
            message: #"Item.f: "10.0.0.0/33" is not a valid AWSIPAddress (prefix length must be 0...32)"#),
        Refuse(
            type: "AWSIPAddress", text: "::1/129",
            message: #"Item.f: "::1/129" is not a valid AWSIPAddress (prefix length must be 0...128)"#),
    ]

    @Test(arguments: refused)
    func refusesText(_ example: Refuse) {
        let error = OperationsFixtures.error { () throws(GQLPatchError) in
            try typer.value(fromText: example.text, as: .named(example.type), at: "Item.f")
        }
        #expect(error?.code == .invalidInput)
        if example.type == "AWSJSON" {
            // The rest is the JSON reader's own wording.
            #expect(error?.message.hasPrefix(example.message) == true, "\(error?.message ?? "no error")")
        } else {
            #expect(error?.message == example.message)
        }
    }

    @Test func nonNullTextTypesUseTheNamedType() throws {
        #expect(try typer.value(fromText: "00123", as: .nonNull(.named("String")), at: "Item.name") == "00123")
        #expect(try typer.value(fromText: "7", as: .nonNull(.named("Int")), at: "Item.n") == 7)
    }

    @Test func listsAndInputObjectsFromTextAreJSON() throws {
        let tags = try typer.value(fromText: #"["a","00123"]"#, as: .list(.named("String")), at: "Item.tags")
        #expect(tags == ["a", "00123"])
        let file = try typer.value(
            fromText: #"{"bucket":"b","region":"r","key":"k"}"#, as: .named("FileInput"), at: "Item.imageFile")
        #expect(file == ["bucket": "b", "region": "r", "key": "k"])
    }

    @Test func listTextThatIsNotJSONIsRefused() {
        let error = OperationsFixtures.error { () throws(GQLPatchError) in
            try typer.value(fromText: "a,b", as: .list(.named("String")), at: "Item.tags")
        }
        #expect(error?.code == .invalidInput)
        #expect(
            error?.message.hasPrefix(#"Item.tags: expected JSON for [String], got "a,b" (1:1: "#) == true,
            "\(error?.message ?? "")")
    }
}
