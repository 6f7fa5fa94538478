import CCurl
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchSupport
@testable import HTTPCurl

#if canImport(Glibc)
    import Glibc
#endif

/// curl's result codes, converted at libcurl's edge (`TransportFailure(curlCode:)`), become the
/// messages and exit codes the rest of gqlpatch expects (and `notConnected`, which the retry policy reads).
@Suite struct CurlTransportFailureTests {
    static func failure(
        code: Int, osErrno: Int, detail: String, host: String, timeout: Double,
        stage: TransportFailure.Stage = .notSent, url: String? = nil
    ) -> GQLPatchError {
        TransportFailure(curlCode: CURLcode(UInt32(code)), osErrno: osErrno, detail: detail, stage: stage)
            .error(host: host, timeout: timeout, url: url)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var code: CURLcode
        var osErrno: Int32 = 0
        var exit: ExitCode
        var message: String
        var testDescription: String { "curl \(code.rawValue) errno \(osErrno)" }
    }

    @Test(arguments: [
        Case(code: CURLE_OPERATION_TIMEDOUT, exit: .unavailable, message: "request to h timed out after 1.5 s"),
        Case(
            code: CURLE_COULDNT_CONNECT, osErrno: ECONNREFUSED, exit: .unavailable,
            message: "cannot connect to h: connection refused"),
        Case(
            code: CURLE_COULDNT_CONNECT, osErrno: ENETUNREACH, exit: .unavailable,
            message: "cannot connect to h: curl said"),
        Case(code: CURLE_COULDNT_RESOLVE_HOST, exit: .unavailable, message: "cannot find host h"),
        Case(
            code: CURLE_GOT_NOTHING, exit: .unavailable,
            message: "the connection to h closed without a valid HTTP response"),
        Case(
            code: CURLE_RECV_ERROR, exit: .unavailable,
            message: "the connection to h was lost before a response arrived"),
        Case(
            code: CURLE_SEND_ERROR, exit: .unavailable,
            message: "the connection to h was lost before a response arrived"),
        Case(
            code: CURLE_PARTIAL_FILE, exit: .unavailable,
            message: "the connection to h was lost before a response arrived"),
        Case(code: CURLE_WEIRD_SERVER_REPLY, exit: .badResponse, message: "the response from h is not valid HTTP"),
        Case(
            code: CURLE_PEER_FAILED_VERIFICATION, exit: .unavailable, message: "TLS connection to h failed: curl said"),
        Case(code: CURLE_SSL_CONNECT_ERROR, exit: .unavailable, message: "TLS connection to h failed: curl said"),
        Case(
            code: CURLE_UNSUPPORTED_PROTOCOL, exit: .configuration,
            message: "endpoint for h is not a valid http or https URL: curl said"),
        Case(code: CURLE_OUT_OF_MEMORY, exit: .unavailable, message: "request to h failed: curl said"),
    ])
    func failure(_ item: Case) {
        let error = Self.failure(
            code: Int(item.code.rawValue), osErrno: Int(item.osErrno), detail: "curl said", host: "h", timeout: 1.5)
        #expect(error.code == item.exit)
        #expect(error.message == item.message)
    }

    /// After the request went out, a reply that breaks HTTP is the server's (76), and every failure
    /// says the request may have arrived; before it, nothing did.
    @Test(arguments: [
        (
            CURLE_UNSUPPORTED_PROTOCOL, TransportFailure.Stage.sent, ExitCode.badResponse,
            "the response from h is not valid HTTP: curl said"
        ),
        (CURLE_OUT_OF_MEMORY, .sent, .badResponse, "the response from h is not valid HTTP: its headers are too large"),
        (
            CURLE_OUT_OF_MEMORY, .answering, .badResponse,
            "the response from h is not valid HTTP: its headers are too large"
        ),
        (CURLE_RECV_ERROR, .answering, .badResponse, "the response from h broke off or is malformed: curl said"),
        (CURLE_PARTIAL_FILE, .answering, .badResponse, "the response from h broke off or is malformed: curl said"),
        (CURLE_RECV_ERROR, .sent, .unavailable, "the connection to h was lost before a response arrived"),
        (CURLE_OPERATION_TIMEDOUT, .sent, .unavailable, "request to h timed out after 1.5 s"),
    ])
    func failureAfterSending(code: CURLcode, stage: TransportFailure.Stage, exit: ExitCode, message: String) {
        let error = Self.failure(
            code: Int(code.rawValue), osErrno: 0, detail: "curl said", host: "h", timeout: 1.5, stage: stage)
        #expect(error.code == exit)
        #expect(error.message == message)
        #expect(error.requestMayHaveArrived)
        #expect(
            !Self.failure(code: Int(code.rawValue), osErrno: 0, detail: "", host: "h", timeout: 1)
                .requestMayHaveArrived)
    }

    /// A connection never made is said so in kind (`notConnected`, which the retry rules read), not
    /// only in words; a timeout, a TLS failure or a failure after sending is not one.
    @Test(arguments: [
        (CURLE_COULDNT_CONNECT, TransportFailure.Stage.notSent, true), (CURLE_COULDNT_RESOLVE_HOST, .notSent, true),
        (CURLE_OPERATION_TIMEDOUT, .notSent, false), (CURLE_SSL_CONNECT_ERROR, .notSent, false),
        (CURLE_PEER_FAILED_VERIFICATION, .notSent, false), (CURLE_RECV_ERROR, .sent, false),
    ])
    func aConnectionNeverMadeIsSaidSoInKind(code: CURLcode, stage: TransportFailure.Stage, notConnected: Bool) {
        let error = Self.failure(
            code: Int(code.rawValue), osErrno: Int(ECONNREFUSED), detail: "d", host: "h", timeout: 1, stage: stage)
        #expect(error.notConnected == notConnected, "\(code.rawValue): \(error.message)")
    }

    @Test func wholeSecondTimeoutsPrintWithoutAFraction() {
        let error = Self.failure(
            code: Int(CURLE_OPERATION_TIMEDOUT.rawValue), osErrno: 0, detail: "", host: "127.0.0.1", timeout: 30)
        #expect(error.message == "request to 127.0.0.1 timed out after 30 s")
    }

    @Test(arguments: [
        ("https://abc.appsync-api.eu-west-1.amazonaws.com/graphql", "abc.appsync-api.eu-west-1.amazonaws.com"),
        ("http://127.0.0.1:8080/graphql", "127.0.0.1"),
        ("http://[::1]:20002/graphql", "[::1]"),
        ("not a url", "not a url"),
    ])
    func messagesNameTheHost(url: String, host: String) {
        #expect(TransferOutcome.host(of: url) == host)
    }

    @Test(
        arguments: [
            ([:], nil), (["SSL_CERT_FILE": "/ca.pem"], "/ca.pem"),
            (["CURL_CA_BUNDLE": "/b.pem", "SSL_CERT_FILE": "/ca.pem"], "/b.pem"),
            (["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "/ca.pem"], "/ca.pem"),
            (["AWS_CA_BUNDLE": "/aws.pem", "CURL_CA_BUNDLE": "/b.pem"], "/aws.pem"),
        ] as [([String: String], String?)])
    func certificateAuthoritiesComeFromTheEnvironmentAsCurlReadsThem(environment: [String: String], path: String?) {
        #expect(CertificateAuthorities.bundle(in: environment) == path)
    }

    @Test(arguments: [(1 << 20, "1 MB"), (64 << 20, "64 MB"), (1000, "1000 bytes")])
    func limitsAreDescribed(bytes: Int, text: String) {
        #expect(TransferOutcome.describe(bytes) == text)
    }
}
