import Foundation
import JSON
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A name whose IPv6 address drops packets and whose IPv4 address works (issue 33 #3): gqlpatch
/// races the families (RFC 8305), so the IPv4 connection is made about 250 ms in, not after half
/// the timeout. The name lives in a private `/etc/hosts` (`unshare -m` and a bind mount), the IPv6
/// address is a listener on [::1] whose accept queue is full (the kernel drops further SYNs), and
/// the server answers after 1.3 s: with `--timeout 2` the request can only finish in time when the
/// IPv6 attempt did not hold the connection for a second.
@Suite struct DualStackEndToEndTests {
    /// A listener on [::1]:port that never accepts, its queue filled: connections to it hang.
    final class BlackHole {
        private var descriptors: [Int32] = []

        init(port: Int) throws {
            let listener = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            address.sin6_addr = in6addr_loopback
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
            guard listener >= 0, bound == 0, listen(listener, 0) == 0 else {
                throw HarnessError("cannot listen on [::1]:\(port): errno \(errno)")
            }
            descriptors.append(listener)
            // Fill the queue (a backlog of 0 holds one): every later SYN is dropped unanswered.
            for _ in 0..<2 {
                let filler = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
                _ = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                    }
                }
                descriptors.append(filler)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }

        deinit { for descriptor in descriptors { close(descriptor) } }
    }

    /// gqlpatch with `hosts` as its `/etc/hosts` (a mount namespace of its own).
    static func run(
        _ arguments: [String], hosts: URL, environment: [String: String] = [:], in folder: URL
    ) throws -> ProcessResult {
        try CommandRunner.run(
            "/usr/bin/unshare",
            ["-m", "/bin/sh", "-c", #"mount --bind "$0" /etc/hosts && exec "$@""#, hosts.path, TestPaths.binary]
                + arguments, environment: environment, workingDirectory: folder.path)
    }

    /// A certificate for `a*.x.test` does not match `ab.x.test`: a wildcard stands for a whole label
    /// (curl's rule, `X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS`); `*.y.test` matches `ab.y.test`.
    @Test func aPartialWildcardCertificateIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cert = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let made = try CommandRunner.run(
            "/usr/bin/env",
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1",
                "-subj", "/CN=wildcards", "-addext", "subjectAltName=DNS:a*.x.test,DNS:*.y.test",
            ])
        try #require(made.status == 0, "openssl could not make a test certificate: \(made.stderr)")
        let server = try HostileServer(mode: "keyed", ["--tls-cert", cert, "--tls-key", key])
        defer { server.stop() }
        let hosts = folder.appendingPathComponent("hosts")
        try "127.0.0.1 ab.x.test ab.y.test\n".write(to: hosts, atomically: true, encoding: .utf8)
        var environment = HostileServerEndToEndTests.noCertificateAuthorities
        environment["SSL_CERT_FILE"] = cert
        func get(_ host: String) throws -> ProcessResult {
            try Self.run(
                [
                    "--endpoint", "https://\(host):\(server.port)/graphql", "--api-key", "da2-wildcard", "--schema",
                    TestPaths.schema, "--compact", "get", "Item", "--id", "item-1",
                ], hosts: hosts, environment: environment, in: folder)
        }
        let partial = try get("ab.x.test")
        partial.expectFailure(69, "gqlpatch: error: TLS connection to ab.x.test failed: ")
        let whole = try get("ab.y.test")
        #expect(whole.status == 0, "\(whole)")
        #expect(server.requestCount() == 1, "nothing reached the server over the refused certificate")
    }

    @Test func aBlackHoledIPv6AddressDoesNotHoldTheConnection() throws {
        let server = try HostileServer(mode: "keyed", ["--delay", "1.3"])
        defer { server.stop() }
        let hole = try BlackHole(port: server.port)
        defer { withExtendedLifetime(hole) {} }
        let hosts = server.folder.appendingPathComponent("hosts")
        try "::1 dual.test\n127.0.0.1 dual.test\n".write(to: hosts, atomically: true, encoding: .utf8)
        let result = try Self.run(
            [
                "--endpoint", "http://dual.test:\(server.port)/graphql", "--api-key", "da2-dualstack", "--schema",
                TestPaths.schema, "--conflict-resolution", "off", "--compact", "--timeout", "2",
                "--allow-insecure-http",
                "update", "Item", "--id", "item-1", "--set", "name=Lamp",
            ], hosts: hosts, in: server.folder)
        #expect(result.status == 0, "\(result)")
        #expect(try JSONValue.parse(result.stdout)["name"] == "Lamp", "\(result)")
        #expect(server.requestCount() == 1)
    }
}
