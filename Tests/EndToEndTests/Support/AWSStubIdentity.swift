/// An AWS access key (id, secret, optional session token) made up for one test, in the shapes AWS
/// uses (`AKIA…`/`ASIA…` ids, 40-character secrets with `/` and `+`), distinct in every run so a
/// leak check cannot match another test's values.
struct AWSStubIdentity: Sendable, CustomStringConvertible {
    var accessKeyID: String
    var secretAccessKey: String
    var sessionToken: String?

    /// Long-term keys (`AKIA…`), or temporary ones (`ASIA…` with a session token).
    static func make(temporary: Bool = false) -> AWSStubIdentity {
        let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        let base64 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        func random(_ alphabet: [Character], _ count: Int) -> String {
            String((0..<count).map { _ in alphabet.randomElement()! })
        }
        return AWSStubIdentity(
            accessKeyID: (temporary ? "ASIA" : "AKIA") + random(upper, 16),
            secretAccessKey: random(base64, 40),
            sessionToken: temporary ? "IQoJb3JpZ2luX2Vj" + random(base64, 180) + "==" : nil)
    }

    /// The emulator's `--iam KEY:SECRET:REGION[:TOKEN]` value.
    func emulatorArgument(region: String = "us-east-1") -> String {
        "\(accessKeyID):\(secretAccessKey):\(region)" + (sessionToken.map { ":\($0)" } ?? "")
    }

    /// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and, for temporary keys, `AWS_SESSION_TOKEN`.
    var environment: [String: String] {
        var result = ["AWS_ACCESS_KEY_ID": accessKeyID, "AWS_SECRET_ACCESS_KEY": secretAccessKey]
        if let sessionToken { result["AWS_SESSION_TOKEN"] = sessionToken }
        return result
    }

    /// The same key id and token with another secret.
    func withWrongSecret() -> AWSStubIdentity {
        var copy = self
        copy.secretAccessKey = String(secretAccessKey.reversed())
        return copy
    }

    /// The secrets (secret key, session token), never the key id.
    var secrets: [String] { [secretAccessKey] + (sessionToken.map { [$0] } ?? []) }

    var description: String { accessKeyID }
}
