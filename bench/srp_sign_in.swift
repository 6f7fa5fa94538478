// The client CPU of one Cognito SRP sign-in: A = g^a, then the PASSWORD_VERIFIER claim (g^x, k·g^x mod N,
// S = (B − k·g^x)^(a + u·x), HKDF, HMAC), all over the 3072-bit group, through the release build of
// CognitoSRP. bench/run.py compiles it against .build/release and runs it as one scenario's row: each
// process does ROUNDS sign-ins (default 1), so the measured CPU includes process start and the group's
// one-time Montgomery set-up, as a real sign-in pays them.
import AWSSigning
import CognitoSRP

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1 : 1
// A fixed challenge of realistic sizes: 32-digit salt, 768-digit B, a 1,024-byte secret block.
let b = String(repeating: "7a3f9c", count: 128)
let block = Base64.encode((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
var signatures: [String] = []
for _ in 0..<rounds {
    let client = CognitoSRPClient.random()
    let signature = try client.passwordClaim(
        poolID: "us-east-1_BenchPool1", userIDForSRP: "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
        password: "Correct-Horse-9", saltHex: "a1b2c3d4e5f60718293a4b5c6d7e8f90", srpBHex: b,
        secretBlockBase64: block, timestamp: CognitoTimestamp.format(secondsSince1970: 1_796_112_224))
    signatures.append(String(client.srpA.prefix(8)) + signature)
}
print("signed \(signatures.count) claim(s), e.g. \(signatures[0].prefix(20))")
