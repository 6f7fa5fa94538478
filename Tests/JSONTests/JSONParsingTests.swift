import JSON
import Testing

@Suite struct JSONParsingTests {
    /// Strings around the 8-byte words the reader skips at once: every ASCII byte (escaped as the
    /// writer escapes it) and a two-byte character at every place read back as written, and a raw
    /// control byte or a broken UTF-8 sequence at every place is refused where it stands.
    @Test func everyByteReadsBackWhereverItStands() throws {
        for length in [1, 7, 8, 9, 16, 17, 24] {
            for place in 0..<length {
                for byte in UInt8(0)...UInt8(127) {
                    var scalars = Array(repeating: Unicode.Scalar(UInt8(ascii: "b")), count: length)
                    scalars[place] = Unicode.Scalar(byte)
                    if place + 1 < length { scalars[length - 1] = "é" }
                    var text = ""
                    text.unicodeScalars.append(contentsOf: scalars)
                    let written = JSONValue.string(text).serialized()
                    #expect(try JSONValue.parse(written) == .string(text), "\(length) \(place) \(byte)")
                }
                var raw = Array(repeating: UInt8(ascii: "c"), count: length)
                raw[place] = 0x01
                #expect(throws: JSONParseError(line: 1, column: place + 2, message: "control character in string")) {
                    try JSONValue.parse([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
                }
                raw[place] = 0xC3  // a lead byte without its continuation
                #expect(throws: JSONParseError.self) {
                    try JSONValue.parse([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
                }
            }
        }
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONValue.parse(
            " \t\r\n{\"s\": \"x\", \"i\": -12, \"d\": 2.5, \"t\": true, \"f\": false, \"n\": null, \"a\": [1, [], {}]}\n "
        )
        #expect(value["s"] == .string("x"))
        #expect(value["i"] == .int(-12))
        #expect(value["d"] == .double(2.5))
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["n"] == .null)
        #expect(value["a"] == .array([.int(1), .array([]), .object(JSONObject())]))
        #expect(value.objectValue?.keys == ["s", "i", "d", "t", "f", "n", "a"])
    }

    @Test(arguments: [
        ("0", JSONValue.int(0)),
        ("-0", .int(0)),
        ("7", .int(7)),
        ("-7", .int(-7)),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
        ("-9223372036854775809", .double(-9_223_372_036_854_775_808.0)),  // nearest Double
        ("123456789012345678901234567890", .double(1.2345678901234568e29)),
        ("1.5", .double(1.5)),
        ("-0.25", .double(-0.25)),
        ("0.1", .double(0.1)),
        ("1.0", .double(1)),
        ("1e2", .double(100)),
        ("1E2", .double(100)),
        ("1e+2", .double(100)),
        ("1e-2", .double(0.01)),
        ("-1.5E-3", .double(-0.0015)),
        ("0e0", .double(0)),
        ("1e007", .double(1e7)),
        ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
        ("5e-324", .double(.leastNonzeroMagnitude)),
        ("1e-400", .double(0)),
    ])
    func parsesNumbers(text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(text) == expected)
        #expect(try JSONValue.parse("[\(text)]") == .array([expected]))
    }

    @Test func negativeZeroFractionKeepsItsSign() throws {
        let value = try #require(try JSONValue.parse("-0.0").doubleValue)
        #expect(value == 0 && value.sign == .minus)
    }

    @Test(arguments: [
        ("\"\"", ""),
        ("\"plain\"", "plain"),
        ("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\/\u{08}\u{0C}\n\r\t"),
        ("\"\\u0041\\u00e9\\u00E9\\u20AC\"", "Aéé€"),
        ("\"\\u0000\"", "\u{0}"),
        ("\"\\uD83D\\uDE00\"", "😀"),
        ("\"\\ud83d\\ude00x\"", "😀x"),
        ("\"\\uDBFF\\uDFFF\"", "\u{10FFFF}"),
        ("\"😀 é € \u{7F}\"", "😀 é € \u{7F}"),
        ("\"a\\nb é\"", "a\nb é"),
        ("\"é\\u00e9é\"", "ééé"),
        ("\"\\uFEFF\"", "\u{FEFF}"),
        ("\"/\"", "/"),
    ])
    func parsesStrings(text: String, expected: String) throws {
        #expect(try JSONValue.parse(text) == .string(expected))
        // The same text as an object key.
        #expect(try JSONValue.parse("{\(text):1}").objectValue?.keys == [expected])
    }

    @Test func parsesRawUTF8Bytes() throws {
        // "\u{10348}" as raw bytes, and a three-byte, a two-byte character.
        let bytes: [UInt8] = [0x22, 0xF0, 0x90, 0x8D, 0x88, 0xE2, 0x82, 0xAC, 0xC3, 0xA9, 0x22]
        #expect(try JSONValue.parse(bytes) == .string("\u{10348}€é"))
    }

    @Test func duplicateKeysKeepFirstPositionAndLastValue() throws {
        let value = try JSONValue.parse(#"{"a":1,"b":2,"a":3}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .int(3))
        #expect(object.count == 2)
    }

    @Test func nestedContainersKeepTheirElements() throws {
        let value = try JSONValue.parse(#"[[1,[2,{"x":[3,{"y":4}],"z":5}]],6,{"w":[]}]"#)
        let expected: JSONValue = [[1, [2, ["x": [3, ["y": 4]], "z": 5]]], 6, ["w": []]]
        #expect(value == expected)
    }
}
