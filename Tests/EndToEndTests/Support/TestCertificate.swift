import Foundation
import Testing

/// A throw-away self-signed certificate for 127.0.0.1 (made by `openssl`), for the servers that
/// speak TLS in the tests.
enum TestCertificate {
    /// Writes `cert.pem` and `key.pem` into `folder` and returns their paths.
    static func make(in folder: URL) throws -> (certificate: String, key: String) {
        let cert = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
        let made = try CommandRunner.run(
            "/usr/bin/env",
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ])
        try #require(made.status == 0, "openssl could not make a test certificate: \(made.stderr)")
        return (cert, key)
    }
}
