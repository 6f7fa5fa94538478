import AWSSigning
import TestSupport
import Testing

@testable import CognitoSRP

/// One `PASSWORD_VERIFIER` challenge and the client's secret, fixed.
struct SRPCase: Sendable, CustomTestStringConvertible {
    let name: String
    let secret: [UInt8]
    var poolID = "us-east-1_AbCdEf123"
    var userID = "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b"
    var password = "Correct-Horse-9"
    var salt: String
    var b: String
    var secretBlock: String
    var timestamp = "Tue Dec 1 08:03:44 UTC 2026"
    var testDescription: String { name }

    var request: [String: String] {
        [
            "a": BigUInt(bigEndianBytes: secret).hex, "pool_id": poolID, "user_id": userID, "password": password,
            "salt": salt, "b": b, "secret_block": secretBlock, "timestamp": timestamp,
        ]
    }

    /// A dozen seeded random challenges, then the edge cases the padding rules and the encodings care
    /// about.
    static let all: [SRPCase] = {
        var random = SplitMix64(seed: 0xC09_1170)
        var cases: [SRPCase] = []
        for index in 0..<12 {
            cases.append(
                SRPCase(
                    name: "seeded \(index)", secret: random.bytes(128), salt: random.hex(digits: 32),
                    b: BigUInt(bigEndianBytes: random.bytes(384)).remainder(modulo: SRPGroup.cognito.prime).hex,
                    secretBlock: Base64.encode(random.bytes(Int(random.next() % 1500) + 1))))
        }
        func highFirstDigit(_ hex: String) -> String { "f" + hex.dropFirst() }
        var highB = cases[0]
        highB = SRPCase(
            name: "B and salt with a high first hex digit", secret: highB.secret,
            salt: highFirstDigit(random.hex(digits: 32)),
            b: "c" + random.hex(digits: 767), secretBlock: highB.secretBlock)
        cases.append(highB)
        // A's first hex digit is 8-f for about half of the secrets: find one so pad(A) needs "00".
        var secretForHighA = random.bytes(128)
        while true {
            let a = CognitoSRPClient(secretBytes: secretForHighA).srpA
            if a.count == 768, let first = a.utf8.first, BigUInt.nibble(first)! >= 8 { break }
            secretForHighA = random.bytes(128)
        }
        cases.append(
            SRPCase(
                name: "A with a high first hex digit", secret: secretForHighA, salt: random.hex(digits: 32),
                b: random.hex(digits: 768), secretBlock: Base64.encode(random.bytes(48))))
        cases.append(
            SRPCase(
                name: "short salts and B", secret: random.bytes(128), salt: "9", b: "3",
                secretBlock: Base64.encode(random.bytes(10))))
        cases.append(
            SRPCase(
                name: "salt with leading zeros, odd length", secret: random.bytes(128), salt: "00a1b",
                b: random.hex(digits: 701), secretBlock: Base64.encode(random.bytes(3))))
        cases.append(
            SRPCase(
                name: "upper-case salt", secret: random.bytes(128), salt: "ABCDEF0123456789",
                b: random.hex(digits: 768).uppercased(), secretBlock: Base64.encode(random.bytes(2))))
        var unicode = SRPCase(
            name: "user id with non-ASCII letters, password with ':'", secret: random.bytes(128),
            salt: random.hex(digits: 32), b: random.hex(digits: 768), secretBlock: Base64.encode(random.bytes(64)))
        unicode.userID = "Zoë-Ångström-李"
        unicode.password = "pa:ss:wörd:"
        cases.append(unicode)
        var shortSecret = SRPCase(
            name: "a of 32 bytes, pool id with two underscores", secret: random.bytes(32),
            salt: random.hex(digits: 32), b: random.hex(digits: 768), secretBlock: Base64.encode(random.bytes(16)))
        shortSecret.poolID = "eu-west-2_Pool_Extra"
        shortSecret.timestamp = "Sun Feb 29 23:59:59 UTC 2032"
        cases.append(shortSecret)
        cases.append(
            SRPCase(
                name: "a wider than N (reduced)", secret: [0xff] + random.bytes(400), salt: random.hex(digits: 32),
                b: random.hex(digits: 768), secretBlock: Base64.encode(random.bytes(16))))
        return cases
    }()
}

@Suite struct CognitoSRPClientTests {
    /// Every intermediate (A, u, x, S, the HKDF key) and the signature against pycognito's `AWSSRP`.
    @Test func agreesWithPycognitoOnEveryIntermediate() throws {
        let cases = SRPCase.all
        let answers = try #require(
            try PycognitoReference.answer(["srp": cases.map(\.request)])["srp"] as? [[String: String]])
        try #require(answers.count == cases.count)
        for (item, expected) in zip(cases, answers) {
            let client = CognitoSRPClient(secretBytes: item.secret)
            #expect(client.srpA == expected["A"], "A: \(item.name)")
            let claim = try client.claim(
                poolID: item.poolID, userIDForSRP: item.userID, password: item.password, saltHex: item.salt,
                srpBHex: item.b, secretBlockBase64: item.secretBlock, timestamp: item.timestamp)
            #expect(claim.u.normalized().hex == expected["u"], "u: \(item.name)")
            #expect(claim.x.normalized().hex == expected["x"], "x: \(item.name)")
            #expect(claim.s.normalized().hex == expected["S"], "S: \(item.name)")
            #expect(SRPHex.encode(claim.key) == expected["key"], "key: \(item.name)")
            #expect(claim.signature == expected["signature"], "signature: \(item.name)")
            let signature = try client.passwordClaim(
                poolID: item.poolID, userIDForSRP: item.userID, password: item.password, saltHex: item.salt,
                srpBHex: item.b, secretBlockBase64: item.secretBlock, timestamp: item.timestamp)
            #expect(signature == claim.signature)
        }
    }

    @Test func aWrongPasswordGivesAnotherSignature() throws {
        let item = SRPCase.all[0]
        let client = CognitoSRPClient(secretBytes: item.secret)
        let right = try client.passwordClaim(
            poolID: item.poolID, userIDForSRP: item.userID, password: item.password, saltHex: item.salt,
            srpBHex: item.b, secretBlockBase64: item.secretBlock, timestamp: item.timestamp)
        let wrong = try client.passwordClaim(
            poolID: item.poolID, userIDForSRP: item.userID, password: item.password + "x", saltHex: item.salt,
            srpBHex: item.b, secretBlockBase64: item.secretBlock, timestamp: item.timestamp)
        #expect(right != wrong)
    }

    @Test func randomClientsDiffer() {
        #expect(CognitoSRPClient.random().srpA != CognitoSRPClient.random().srpA)
    }

    /// The challenges SRP-6a and the encodings refuse, each with its message.
    @Test(arguments: [
        ("us-east-1_Pool", "ab", "0", "AAAA", SRPError.serverValueIsZero),
        ("us-east-1_Pool", "ab", SRPGroup.cognito.prime.hex, "AAAA", .serverValueIsZero),
        ("us-east-1_Pool", "ab", (SRPGroup.cognito.prime * BigUInt(3)).hex, "AAAA", .serverValueIsZero),
        (
            "us-east-1_Pool", "zz", "1234", "AAAA",
            .invalidHex(parameter: "SALT", reason: "a character other than 0-9, a-f")
        ),
        ("us-east-1_Pool", "", "1234", "AAAA", .invalidHex(parameter: "SALT", reason: "empty")),
        (
            "us-east-1_Pool", "ab", "12 34", "AAAA",
            .invalidHex(parameter: "SRP_B", reason: "a character other than 0-9, a-f")
        ),
        (
            "us-east-1_Pool", "ab", String(repeating: "1", count: 2049), "AAAA",
            .invalidHex(parameter: "SRP_B", reason: "more than 2048 digits")
        ),
        ("us-east-1_Pool", "ab", "1234", "AA*A", .invalidBase64(parameter: "SECRET_BLOCK")),
        ("us-east-1_Pool", "ab", "1234", "AAAAA", .invalidBase64(parameter: "SECRET_BLOCK")),
        ("us-east-1Pool", "ab", "1234", "AAAA", .invalidPoolID("us-east-1Pool")),
        ("us-east-1_", "ab", "1234", "AAAA", .invalidPoolID("us-east-1_")),
    ])
    func refusesAnInvalidChallenge(poolID: String, salt: String, b: String, block: String, error: SRPError) {
        let client = CognitoSRPClient(secretBytes: Array(repeating: 7, count: 128))
        #expect(throws: error) {
            try client.passwordClaim(
                poolID: poolID, userIDForSRP: "user", password: "pw", saltHex: salt, srpBHex: b,
                secretBlockBase64: block, timestamp: "Thu Jan 1 00:00:00 UTC 1970")
        }
    }

    @Test func refusalMessagesNameTheProblemAndNoSecret() {
        #expect(SRPError.serverValueIsZero.description.hasPrefix("the sign-in challenge's SRP_B is 0 modulo N"))
        #expect(SRPError.scramblingValueIsZero.description.hasPrefix("the sign-in challenge gives u = H(A, B) = 0"))
        #expect(
            SRPError.invalidPoolID("x").description
                == "user pool id 'x' is not of the form <region>_<name> (e.g. us-east-1_AbC123)")
        #expect(
            SRPError.invalidBase64(parameter: "SECRET_BLOCK").description
                == "the sign-in challenge's SECRET_BLOCK is not valid base64")
    }

    @Test func secretHashAgreesWithPycognito() throws {
        let inputs = [
            ["client_secret": "s3cr3t", "username": "alice", "client_id": "1example23456789"],
            ["client_secret": String(repeating: "k", count: 100), "username": "Zoë", "client_id": "abc"],
            ["client_secret": "x", "username": "", "client_id": ""],
        ]
        let answer = try #require(try PycognitoReference.answer(["secret_hash": inputs])["secret_hash"] as? [String])
        for (input, expected) in zip(inputs, answer) {
            #expect(
                SecretHash.compute(
                    clientSecret: input["client_secret"]!, username: input["username"]!, clientID: input["client_id"]!)
                    == expected)
        }
    }
}
