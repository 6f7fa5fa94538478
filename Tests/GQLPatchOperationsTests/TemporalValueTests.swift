import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Two spellings of one AWSDate, AWSTime or AWSDateTime read as the same value (issue 12 #9).
@Suite struct TemporalValueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var scalar: String
        var a: String
        var b: String
        var equal: Bool
        var testDescription: String { "\(scalar) \(a) \(equal ? "==" : "!=") \(b)" }
    }

    @Test(arguments: [
        Case(scalar: "AWSDate", a: "2024-01-01Z", b: "2024-01-01", equal: true),
        Case(scalar: "AWSDate", a: "2024-01-01-00:00", b: "2024-01-01+00:00:00", equal: true),
        Case(scalar: "AWSDate", a: "2024-01-01+05:30", b: "2024-01-01+05:30", equal: true),
        Case(scalar: "AWSDate", a: "2024-01-01+05:30", b: "2024-01-01", equal: false),
        Case(scalar: "AWSDate", a: "2024-02-29", b: "2024-03-01", equal: false),
        Case(scalar: "AWSTime", a: "12:30", b: "12:30:00.000Z", equal: true),
        Case(scalar: "AWSTime", a: "13:30+01:00", b: "12:30Z", equal: true),
        Case(scalar: "AWSTime", a: "00:30+01:00", b: "23:30:00", equal: true),
        Case(scalar: "AWSTime", a: "12:30:00.1", b: "12:30:00.100000000", equal: true),
        Case(scalar: "AWSTime", a: "12:30:00.1", b: "12:30:00.01", equal: false),
        Case(scalar: "AWSDateTime", a: "2024-01-01T00:30:00+01:00", b: "2023-12-31T23:30:00.000Z", equal: true),
        Case(scalar: "AWSDateTime", a: "2024-03-01T00:00Z", b: "2024-02-29T24:00Z", equal: false),
        Case(scalar: "AWSDateTime", a: "2024-01-01T12:00:00Z", b: "2024-01-01T12:00:00.001Z", equal: false),
    ])
    func spellings(_ test: Case) throws {
        let a = try #require(TemporalValue(test.a, scalar: test.scalar))
        if test.equal {
            let b = try #require(TemporalValue(test.b, scalar: test.scalar))
            #expect(a == b)
        } else {
            #expect(TemporalValue(test.b, scalar: test.scalar) != a)
        }
    }

    @Test func otherTextIsNotATemporalValue() {
        #expect(TemporalValue("2024-01-01", scalar: "String") == nil)
        #expect(TemporalValue("2024-1-1", scalar: "AWSDate") == nil)
        #expect(TemporalValue("12:30 ", scalar: "AWSTime") == nil)
        #expect(TemporalValue("2024-01-01T12:00", scalar: "AWSDate") == nil)
    }
}
