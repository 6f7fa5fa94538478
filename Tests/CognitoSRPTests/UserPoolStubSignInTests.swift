import Foundation
import Testing

@testable import CognitoSRP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// CognitoSRPClient against the SRP-checking user-pool stub (Tests/CognitoServers/user_pool_stub.py),
/// which recomputes S and the signature as Cognito does: the right password signs in, a wrong one is
/// refused. (The command line's sign-in, over this target, is tested end to end elsewhere.)
@Suite(.serialized) struct UserPoolStubSignInTests {
    static let poolID = "us-west-2_SwiftPool7"

    /// Runs the stub on a free loopback port for the duration of `body`.
    static func withStub(_ arguments: [String], _ body: (Int) async throws -> Void) async throws {
        let python = try PycognitoReference.python()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        let script = URL(fileURLWithPath: PycognitoReference.script).deletingLastPathComponent()
            .appendingPathComponent("user_pool_stub.py").path
        process.arguments = [script, "--pool-id", poolID] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        let ready = String(decoding: line, as: UTF8.self)
        guard ready.hasPrefix("READY "), let port = Int(ready.dropFirst(6)) else {
            throw PycognitoReference.Failure(description: "the user-pool stub did not start: '\(ready)'")
        }
        try await body(port)
    }

    /// One JSON 1.1 call; the status and the JSON object answered.
    static func call(port: Int, _ operation: String, _ body: [String: Any]) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/")!)
        request.httpMethod = "POST"
        request.setValue("application/x-amz-json-1.1", forHTTPHeaderField: "Content-Type")
        request.setValue("AWSCognitoIdentityProviderService.\(operation)", forHTTPHeaderField: "X-Amz-Target")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await URLSession.shared.data(for: request)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, object)
    }

    /// InitiateAuth USER_SRP_AUTH, then the PASSWORD_VERIFIER answer CognitoSRPClient signs; the first
    /// refused call's answer otherwise.
    static func signIn(port: Int, username: String, password: String, clientSecret: String? = nil) async throws -> (
        Int, [String: Any]
    ) {
        let client = CognitoSRPClient.random()
        var parameters = ["USERNAME": username, "SRP_A": client.srpA]
        if let clientSecret {
            parameters["SECRET_HASH"] = SecretHash.compute(
                clientSecret: clientSecret, username: username, clientID: "swiftclient")
        }
        let (status, challenge) = try await call(
            port: port, "InitiateAuth",
            ["AuthFlow": "USER_SRP_AUTH", "ClientId": "swiftclient", "AuthParameters": parameters])
        guard status == 200 else { return (status, challenge) }
        let values = try #require(challenge["ChallengeParameters"] as? [String: String])
        let userID = try #require(values["USER_ID_FOR_SRP"])
        let timestamp = CognitoTimestamp.format(secondsSince1970: Int(Date().timeIntervalSince1970))
        let signature = try client.passwordClaim(
            poolID: poolID, userIDForSRP: userID, password: password, saltHex: try #require(values["SALT"]),
            srpBHex: try #require(values["SRP_B"]), secretBlockBase64: try #require(values["SECRET_BLOCK"]),
            timestamp: timestamp)
        var responses = [
            "USERNAME": userID, "TIMESTAMP": timestamp, "PASSWORD_CLAIM_SECRET_BLOCK": values["SECRET_BLOCK"]!,
            "PASSWORD_CLAIM_SIGNATURE": signature,
        ]
        if let clientSecret {
            responses["SECRET_HASH"] = SecretHash.compute(
                clientSecret: clientSecret, username: userID, clientID: "swiftclient")
        }
        return try await call(
            port: port, "RespondToAuthChallenge",
            ["ChallengeName": "PASSWORD_VERIFIER", "ClientId": "swiftclient", "ChallengeResponses": responses])
    }

    @Test func theRightPasswordSignsInAndAWrongOneIsRefused() async throws {
        try await Self.withStub([
            "--client", "swiftclient", "--user", "zoë:Pass-wörd-1", "--user",
            "erin:Erin-Password-4:email=erin@example.com",
        ]) { port in
            let (status, answer) = try await Self.signIn(port: port, username: "zoë", password: "Pass-wörd-1")
            #expect(status == 200)
            let result = try #require(answer["AuthenticationResult"] as? [String: Any], "\(answer)")
            #expect((result["IdToken"] as? String)?.split(separator: ".").count == 3)
            // Email sign-in: the claim is over USER_ID_FOR_SRP, the internal name.
            let (emailStatus, _) = try await Self.signIn(
                port: port, username: "erin@example.com", password: "Erin-Password-4")
            #expect(emailStatus == 200)
            let (wrongStatus, wrong) = try await Self.signIn(port: port, username: "zoë", password: "Pass-wörd-2")
            #expect(wrongStatus == 400)
            #expect(wrong["__type"] as? String == "NotAuthorizedException")
            #expect(wrong["message"] as? String == "Incorrect username or password.")
        }
    }

    @Test func aClientWithASecretSignsInWithTheSecretHash() async throws {
        try await Self.withStub(["--client", "swiftclient:the-client-secret", "--user", "alice:Correct-Horse-9"]) {
            port in
            let (status, answer) = try await Self.signIn(
                port: port, username: "alice", password: "Correct-Horse-9", clientSecret: "the-client-secret")
            #expect(status == 200, "\(answer)")
            let (refused, refusal) = try await Self.signIn(
                port: port, username: "alice", password: "Correct-Horse-9", clientSecret: "another-secret")
            #expect(refused == 400)
            #expect(refusal["message"] as? String == "Unable to verify secret hash for client swiftclient")
        }
    }
}
