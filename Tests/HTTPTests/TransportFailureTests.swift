import GQLPatchTestSupport
import Testing

@testable import GQLPatchSupport
@testable import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Each kind of failure, at each stage, words the message and exit code every client's failures
/// share (the own client reports kinds directly; libcurl's codes are converted to them).
@Suite struct TransportFailureTests {
    @Test(arguments: [
        (
            TransportFailure.Kind.timedOut, TransportFailure.Stage.notSent, ExitCode.unavailable,
            "request to h timed out after 2 s"
        ),
        (.unresolved, .notSent, .unavailable, "cannot find host h"),
        (.couldNotConnect, .notSent, .unavailable, "cannot connect to h: said"),
        (.tls, .notSent, .unavailable, "TLS connection to h failed: said"),
        (.sendFailed, .sent, .unavailable, "the connection to h was lost before a response arrived"),
        (.receiveFailed, .sent, .unavailable, "the connection to h was lost before a response arrived"),
        (.receiveFailed, .answering, .badResponse, "the response from h broke off or is malformed: said"),
        (.stoppedByReceiver, .answering, .badResponse, "the response from h broke off or is malformed: said"),
        (.stoppedByReceiver, .sent, .unavailable, "request to h failed: said"),
        (.closedWithoutAnswer, .sent, .unavailable, "the connection to h closed without a valid HTTP response"),
        (.notHTTP, .answering, .badResponse, "the response from h is not valid HTTP: said"),
        (
            .headersTooLarge, .answering, .badResponse,
            "the response from h is not valid HTTP: its headers are too large"
        ),
        (.invalidURL, .notSent, .configuration, "endpoint for h is not a valid http or https URL: said"),
        (.other, .notSent, .unavailable, "request to h failed: said"),
    ])
    func eachKindIsWorded(kind: TransportFailure.Kind, stage: TransportFailure.Stage, exit: ExitCode, message: String) {
        let error = TransportFailure(kind, stage: stage, detail: "said").error(host: "h", timeout: 2)
        #expect(error.code == exit)
        #expect(error.message == message)
        #expect(error.requestMayHaveArrived == (stage != .notSent))
    }

    /// A refused connection names the port and the endpoint, and what to check.
    @Test func aRefusedConnectionNamesWhereItWent() {
        let error = TransportFailure(.couldNotConnect, osErrno: Int(ECONNREFUSED), detail: "refused")
            .error(host: "127.0.0.1", timeout: 1, url: "http://127.0.0.1:9/graphql")
        #expect(error.code == .unavailable)
        #expect(
            error.message.hasPrefix(
                "cannot connect to 127.0.0.1 port 9: connection refused (endpoint http://127.0.0.1:9/graphql)"))
        #expect(error.notConnected)
    }

    /// A TLS failure whose reason says the server answered in plain HTTP says what to check.
    @Test func aPlainHTTPAnswerToTLSSaysSo() {
        let error = TransportFailure(.tls, detail: "wrong version number").error(host: "h", timeout: 1)
        #expect(error.message.hasSuffix("is the endpoint http:// rather than https://?"))
        #expect(!error.notConnected, "a handshake that failed is not a connection never made")
    }
}
