import TestSupport
import Testing

@testable import CognitoSRP

@Suite struct BigUIntTests {
    @Test func hexAndBytesRoundTripWithoutLeadingZeros() throws {
        let value = try #require(BigUInt(hex: "000102030405060708090A0b0c0d0e0f10"))
        #expect(value.hex == "102030405060708090a0b0c0d0e0f10")
        #expect(value.bigEndianBytes == Array(1...16))
        #expect(BigUInt(bigEndianBytes: [0, 0, 1, 2]).hex == "102")
        #expect(BigUInt(bigEndianBytes: []).hex == "0")
        #expect(BigUInt(hex: "0")?.bigEndianBytes == [])
        #expect(BigUInt(hex: "") == nil)
        #expect(BigUInt(hex: "12g4") == nil)
        #expect(BigUInt(hex: "0x12") == nil)
    }

    @Test func widthDoesNotChangeTheValue() {
        let narrow = BigUInt(5)
        let wide = BigUInt(words: [5, 0, 0])
        #expect(narrow == wide)
        #expect(!(narrow < wide) && !(wide < narrow))
        #expect(Set([narrow, wide]).count == 1)
        #expect(wide.bitWidth == 3)
    }

    @Test func arithmeticCarriesAcrossWords() {
        let max = BigUInt(words: [.max, .max])
        let one = BigUInt(1)
        #expect((max + one).hex == "1" + String(repeating: "0", count: 32))
        #expect(((max + one) - one) == max)
        #expect((max * max).hex == "fffffffffffffffffffffffffffffffe" + String(repeating: "0", count: 31) + "1")
        #expect(BigUInt(7) < BigUInt(words: [0, 1]))
    }

    @Test func subtractingModuloWrapsBelowZero() {
        let modulus = BigUInt(101)
        #expect(BigUInt(3).subtractingModulo(BigUInt(10), modulus: modulus) == BigUInt(94))
        #expect(BigUInt(10).subtractingModulo(BigUInt(3), modulus: modulus) == BigUInt(7))
        #expect(BigUInt(10).subtractingModulo(BigUInt(10), modulus: modulus).isZero)
    }

    @Test func montgomeryRefusesAnEvenOrTrivialModulus() {
        #expect(MontgomeryContext(modulus: BigUInt(10)) == nil)
        #expect(MontgomeryContext(modulus: BigUInt(1)) == nil)
        #expect(MontgomeryContext(modulus: BigUInt(0)) == nil)
        #expect(MontgomeryContext(modulus: BigUInt(3)) != nil)
    }

    /// Random odd moduli of 64 to 3072 bits (Cognito's prime among them), random bases (some wider
    /// than the modulus) and exponents (zero, one, all ones, random): `power` against Python's
    /// `pow(b, e, n)`; and `(a·b).remainder(modulo: n)` against `pow(a·b, 1, n)`.
    @Test func powerAndRemainderAgreeWithPython() throws {
        var random = SplitMix64(seed: 0x5259_5f73_7270)
        var cases: [(base: BigUInt, exponent: BigUInt, modulus: BigUInt)] = []
        let bitSizes = [64, 65, 127, 128, 200, 512, 1000, 1024, 2048, 3071, 3072]
        for index in 0..<320 {
            let modulus: BigUInt
            if index % 10 == 0 {
                modulus = SRPGroup.cognito.prime
            } else {
                let bits = bitSizes[index % bitSizes.count]
                var bytes = random.bytes((bits + 7) / 8)
                let topBits = bits % 8 == 0 ? 8 : bits % 8
                bytes[0] = (bytes[0] & UInt8((1 << topBits) - 1)) | UInt8(1 << (topBits - 1))
                bytes[bytes.count - 1] |= 1
                modulus = BigUInt(bigEndianBytes: bytes)
            }
            let base: BigUInt
            switch index % 7 {
            case 0: base = BigUInt(2)
            case 1: base = modulus - BigUInt(1)
            case 2: base = BigUInt(bigEndianBytes: random.bytes(modulus.bitWidth / 8 + 9))  // wider than n
            default: base = BigUInt(bigEndianBytes: random.bytes(Int(random.next() % 400) + 1))
            }
            let exponent: BigUInt
            switch index % 11 {
            case 0: exponent = BigUInt(0)
            case 1: exponent = BigUInt(1)
            case 2: exponent = BigUInt(words: [.max, .max, .max])
            default: exponent = BigUInt(bigEndianBytes: random.bytes(Int(random.next() % 140) + 1))
            }
            cases.append((base, exponent, modulus))
        }
        let request: [[String: String]] =
            cases.map { ["base": $0.base.hex, "exponent": $0.exponent.hex, "modulus": $0.modulus.hex] }
            + cases.map { ["base": ($0.base * $0.exponent).hex, "exponent": "1", "modulus": $0.modulus.hex] }
        let answer = try #require(try PycognitoReference.answer(["pow": request])["pow"] as? [String])
        try #require(answer.count == 2 * cases.count)
        for (index, item) in cases.enumerated() {
            let context = try #require(MontgomeryContext(modulus: item.modulus))
            #expect(
                context.power(item.base, item.exponent).hex == answer[index],
                "pow case \(index): \(item.modulus.bitWidth)-bit modulus")
            #expect(
                (item.base * item.exponent).remainder(modulo: item.modulus).hex == answer[cases.count + index],
                "remainder case \(index)")
        }
    }
}
