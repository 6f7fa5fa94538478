import Foundation
import JSON

/// One running `aws_stub_server.py` on a free loopback port: STS (AssumeRole checked for a SigV4
/// signature, AssumeRoleWithWebIdentity for the token), container credentials at `/creds` and
/// IMDSv2, all handing out `issued`. Every test starts its own; `stop()` ends it.
final class AWSStub: @unchecked Sendable {
    // @unchecked: the process handle is only touched by the test that owns the stub.
    let port: Int
    let folder: URL
    let log: URL
    let issued: AWSStubIdentity
    private let process: Process

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    static var script: String {
        TestPaths.packageRoot.appendingPathComponent("Tests/EndToEndTests/Support/aws_stub_server.py").path
    }

    /// Starts a stub that hands out `issued`. `stsSigner`: the credentials AssumeRole must be
    /// signed with; `webIdentityToken`: the token AssumeRoleWithWebIdentity must carry;
    /// `containerToken`: the `Authorization` `/creds` wants; `imdsRole`: the role IMDS lists
    /// (no IMDS without it).
    init(
        issuing issued: AWSStubIdentity, stsSigner: AWSStubIdentity? = nil, webIdentityToken: String? = nil,
        containerToken: String? = nil, imdsRole: String? = nil
    ) throws {
        try TestPaths.requireTools()
        self.issued = issued
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-stub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        log = folder.appendingPathComponent("stub.jsonl")
        let portFile = folder.appendingPathComponent("port")
        var arguments = [
            AWSStub.script, "--port-file", portFile.path, "--log", log.path,
            "--issue", "\(issued.accessKeyID):\(issued.secretAccessKey):\(issued.sessionToken ?? "")",
        ]
        if let stsSigner {
            arguments += [
                "--sts-signer", "\(stsSigner.accessKeyID):\(stsSigner.secretAccessKey):\(stsSigner.sessionToken ?? "")",
            ]
        }
        if let webIdentityToken { arguments += ["--web-identity-token", webIdentityToken] }
        if let containerToken { arguments += ["--container-token", containerToken] }
        if let imdsRole { arguments += ["--imds-role", imdsRole] }
        (process, port) = try LoopbackServerProcess.start(
            "AWS stub", arguments: arguments, portFile: portFile, folder: folder)
    }

    /// Every request the stub received so far: method, path, headers, body, status, check.
    func requests() throws -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: log.path) else { return [] }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// Signs a GraphQL POST to `url` with botocore at `amzDate` (`yyyyMMdd'T'HHmmss'Z'`) and sends
    /// it; returns the HTTP status and body.
    static func sendSigned(
        to url: String, with identity: AWSStubIdentity, region: String = "us-east-1", amzDate: String,
        body: String = #"{"query":"{ __typename }"}"#
    ) throws -> (status: Int, body: String) {
        var credentials = "\(identity.accessKeyID):\(identity.secretAccessKey)"
        if let token = identity.sessionToken { credentials += ":\(token)" }
        let result = try CommandRunner.run(
            TestPaths.python,
            [
                script, "--send-signed", url, "--credentials", credentials, "--region", region, "--amz-date", amzDate,
                "--body", body,
            ])
        guard result.status == 0, let reply = try? JSONValue.parse(result.stdout),
            let status = reply["status"]?.intValue
        else { throw HarnessError("--send-signed failed: \(result)") }
        return (status, reply["body"]?.stringValue ?? "")
    }

    func stop() {
        LoopbackServerProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
