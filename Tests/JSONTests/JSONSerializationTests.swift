import JSON
import TestSupport
import Testing

@Suite struct JSONSerializationTests {
    static let sample: JSONValue = [
        "a": 1,
        "b": [true, .null],
        "c": [:],
        "d": [],
        "e": ["x": "y", "z": [1.5, -2]],
    ]

    /// Every ASCII byte at every place of strings around the 8-byte words the writer scans at once
    /// (and one non-ASCII character) is escaped exactly as a byte-by-byte reference escapes it.
    @Test func everyByteIsEscapedWhereverItStands() {
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        for length in [1, 7, 8, 9, 16, 17, 24] {
            for place in 0..<length {
                for byte in UInt8(0)...UInt8(127) {
                    var scalars = Array(repeating: Unicode.Scalar(UInt8(ascii: "a")), count: length)
                    scalars[place] = Unicode.Scalar(byte)
                    if place + 1 < length { scalars[length - 1] = "é" }
                    var text = ""
                    text.unicodeScalars.append(contentsOf: scalars)
                    #expect(JSONValue.string(text).serialized() == reference(text), "\(length) \(place) \(byte)")
                }
            }
        }
    }

    @Test func compactOutput() {
        #expect(Self.sample.serialized() == #"{"a":1,"b":[true,null],"c":{},"d":[],"e":{"x":"y","z":[1.5,-2]}}"#)
    }

    @Test func prettyOutput() {
        let expected = """
            {
              "a": 1,
              "b": [
                true,
                null
              ],
              "c": {},
              "d": [],
              "e": {
                "x": "y",
                "z": [
                  1.5,
                  -2
                ]
              }
            }
            """
        #expect(Self.sample.serialized(pretty: true) == expected)
    }

    @Test func scalarsAndEmptyContainersPrettyPrintOnOneLine() {
        #expect(JSONValue.array([]).serialized(pretty: true) == "[]")
        #expect(JSONValue.object(JSONObject()).serialized(pretty: true) == "{}")
        #expect(JSONValue.string("x").serialized(pretty: true) == "\"x\"")
        #expect(JSONValue.array([1]).serialized(pretty: true) == "[\n  1\n]")
    }

    @Test func writeAppendsToExistingBytes() {
        var output = Array("x=".utf8)
        JSONValue.array([1, "a"]).write(to: &output, pretty: false)
        #expect(String(decoding: output, as: UTF8.self) == #"x=[1,"a"]"#)
    }

    @Test func keysAreWrittenInInsertionOrder() {
        var object = JSONObject()
        object["z"] = 1
        object["a"] = 2
        object["m"] = 3
        object["z"] = 4
        #expect(JSONValue.object(object).serialized() == #"{"z":4,"a":2,"m":3}"#)
        object["a"] = nil
        object["a"] = 5
        #expect(JSONValue.object(object).serialized() == #"{"z":4,"m":3,"a":5}"#)
    }

    @Test func stringEscaping() {
        let value = JSONValue.string("\"\\\n\r\t\u{08}\u{0C}\u{00}\u{01}\u{1F}\u{7F}/é😀\u{2028}")
        let expected = #""\"\\\n\r\t\b\f\u0000\u0001\u001f"# + "\u{7F}/é😀\u{2028}\""
        #expect(value.serialized() == expected)
        #expect(JSONValue.object(["k\n\"": 1]).serialized() == #"{"k\n\"":1}"#)
    }

    @Test(arguments: [
        (Int.max, "9223372036854775807"),
        (Int.min, "-9223372036854775808"),
        (0, "0"),
        (9, "9"),
        (-9, "-9"),
        (10, "10"),
        (-1_234_567, "-1234567"),
    ])
    func integers(value: Int, text: String) {
        #expect(JSONValue.int(value).serialized() == text)
    }

    @Test(arguments: [
        (3.0, "3.0"),
        (-0.0, "-0.0"),
        (0.1, "0.1"),
        (1.5, "1.5"),
        (1e20, "1e+20"),
        (1e-7, "1e-07"),
        (123456.789, "123456.789"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
        (Double.leastNonzeroMagnitude, "5e-324"),
        (Double.infinity, "null"),
        (-Double.infinity, "null"),
        (Double.nan, "null"),
    ])
    func doubles(value: Double, text: String) {
        #expect(JSONValue.double(value).serialized() == text)
    }

    @Test(arguments: [0.1, 1.0 / 3.0, 2.0 / 3.0, 1e300, 1e-300, 123456789.123, -0.0, 4.35, 9007199254740993.0])
    func doublesRoundTrip(value: Double) throws {
        let parsed = try JSONValue.parse(JSONValue.double(value).serialized())
        #expect(parsed == .double(value))
    }

    @Test(arguments: [
        #"{"a":1,"b":[true,null]}"#,
        #"[]"#,
        #"{}"#,
        #"[1,-2,3.5,1e+20,"s",{"k":[{}]},false]"#,
        #"{"é":"😀","esc":"\"\\\n\u0001","slash":"/"}"#,
        #"{"z":1,"a":{"y":2,"b":3}}"#,
        #"9223372036854775807"#,
        #""\u001f""#,
    ])
    func canonicalTextRoundTrips(text: String) throws {
        let value = try JSONValue.parse(text)
        #expect(value.serialized() == text)
        #expect(try JSONValue.parse(value.serialized(pretty: true)) == value)
    }

    @Test func generatedValuesRoundTrip() throws {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<300 {
            let value = generator.value(depth: 4)
            let compact = value.serialized()
            let pretty = value.serialized(pretty: true)
            #expect(try JSONValue.parse(compact) == value, "\(compact)")
            #expect(try JSONValue.parse(pretty) == value, "\(pretty)")
            #expect(try JSONValue.parse(compact).serialized() == compact)
        }
    }
}
