import Foundation
import GQLPatchClient
import GQLPatchSupport
import HTTP
import JSON

/// A fake Cognito for the sign-in tests: answers requests from a script, in order (`X-Amz-Target`
/// checked against what the script expects), and keeps every request with its JSON body.
package final class ScriptedCognito: HTTPTransport, @unchecked Sendable {
    // @unchecked: `script` and `seen` are only touched while holding `lock`.
    package struct Answer: Sendable {
        package var operation: String
        package var status: Int
        package var body: String

        package init(_ operation: String, status: Int = 200, _ body: String) {
            self.operation = operation
            self.status = status
            self.body = body
        }
    }

    private let lock = NSLock()
    private var script: [Answer]
    private var seen: [HTTPRequest] = []
    /// Called with each request before it is answered (a test's hook: counting, a clock).
    package var onRequest: (@Sendable (HTTPRequest) -> Void)?

    package init(_ script: [Answer]) {
        self.script = script
    }

    package var requests: [HTTPRequest] { lock.withLock { seen } }

    /// The operations asked for, in order (`InitiateAuth`, ...).
    package var operations: [String] {
        requests.map { request in
            let target = request.headers.first { $0.name == "X-Amz-Target" }?.value ?? ""
            return String(target.split(separator: ".").last ?? "")
        }
    }

    /// The JSON body of request number `index`.
    package func body(_ index: Int) throws -> JSONValue {
        try JSONValue.parse(requests[index].body)
    }

    package func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        onRequest?(request)
        let answer: Answer? = lock.withLock {
            seen.append(request)
            return script.isEmpty ? nil : script.removeFirst()
        }
        guard let answer else { throw GQLPatchError(.unavailable, "the script has no answer left") }
        let target = request.headers.first { $0.name == "X-Amz-Target" }?.value
        guard target == "AWSCognitoIdentityProviderService.\(answer.operation)" else {
            throw GQLPatchError(.badResponse, "expected \(answer.operation), got \(target ?? "no X-Amz-Target")")
        }
        return HTTPResponse(
            status: answer.status, headers: ["content-type": "application/x-amz-json-1.1"],
            body: Array(answer.body.utf8))
    }

    /// An `AuthenticationResult` answer with numbered tokens.
    package static func tokens(_ number: Int, expiresIn: Int = 3600, refresh: Bool = true) -> String {
        let refreshPart = refresh ? ",\"RefreshToken\":\"refresh-\(number)\"" : ""
        return
            "{\"AuthenticationResult\":{\"IdToken\":\"id-\(number)\",\"AccessToken\":\"access-\(number)\"\(refreshPart),\"ExpiresIn\":\(expiresIn),\"TokenType\":\"Bearer\"}}"
    }
}

/// A verifier that computes nothing: a fixed `A`, and a claim that records what it was given.
package final class FakePasswordVerifier: PasswordVerifier, @unchecked Sendable {
    // @unchecked: `claims` is only touched while holding `lock`.
    private let lock = NSLock()
    private var claims: [[String: String]] = []
    package let srpA = "a1b2c3"

    package init() {}

    package var given: [[String: String]] { lock.withLock { claims } }

    package func claim(
        poolID: String, userIDForSRP: String, password: String, saltHex: String, srpBHex: String,
        secretBlockBase64: String, secondsSince1970: Int
    ) throws(GQLPatchError) -> (timestamp: String, signature: String) {
        lock.withLock {
            claims.append([
                "pool": poolID, "user": userIDForSRP, "password": password, "salt": saltHex, "B": srpBHex,
                "block": secretBlockBase64, "time": String(secondsSince1970),
            ])
        }
        return ("Tue Dec 1 08:03:44 UTC 2026", "c2lnbmF0dXJl")
    }
}

extension SignInArithmetic {
    /// The fake verifier, the real `SECRET_HASH`, and a TOTP that returns `code-<time>`.
    package static func fake(_ verifier: FakePasswordVerifier) -> SignInArithmetic {
        SignInArithmetic(
            makeVerifier: { () throws(GQLPatchError) -> any PasswordVerifier in verifier },
            secretHash: SignInArithmetic.builtIn.secretHash,
            totp: { (secret: String, time: Int) throws(GQLPatchError) -> String in "\(secret.count)-\(time)" })
    }
}
