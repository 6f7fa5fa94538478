import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Why one HTTP exchange failed, in HTTP's terms, whichever client carried it: gqlpatch's own
/// connections report it directly, libcurl's result codes are converted at that client's edge.
/// `error(host:timeout:url:)` words it for the user.
package struct TransportFailure: Sendable, Equatable {
    /// What went wrong.
    package enum Kind: Sendable, Equatable {
        /// The deadline passed.
        case timedOut
        /// The host name has no address.
        case unresolved
        /// No connection could be made (`osErrno` says why: refused, unreachable).
        case couldNotConnect
        /// The TLS handshake failed: the certificate did not verify, the CA file could not be
        /// read, or the server does not speak TLS.
        case tls
        /// Sending the request failed: the connection broke.
        case sendFailed
        /// Receiving failed: the connection broke or closed before the answer was whole.
        case receiveFailed
        /// The connection closed before any byte of an answer.
        case closedWithoutAnswer
        /// What came back is not HTTP/1.x (no status line, a bad encoding, protocols switched unasked).
        case notHTTP
        /// The answer's header block passed its limit.
        case headersTooLarge
        /// The URL is not an http or https URL.
        case invalidURL
        /// The body's receiver stopped the transfer.
        case stoppedByReceiver
        /// Anything else (`detail` says what).
        case other
    }

    /// How far the exchange got.
    package enum Stage: Sendable, Equatable {
        /// Nothing went out: no connection, or it failed before the request was sent.
        case notSent
        /// The request went out (or began to); no status line came back.
        case sent
        /// A status line came back; the response broke off or broke the rules after it.
        case answering
    }

    package var kind: Kind
    package var stage: Stage
    /// The OS error behind it (0 when none).
    package var osErrno: Int
    /// The client's own words for it (an OpenSSL reason, libcurl's error buffer).
    package var detail: String

    package init(_ kind: Kind, stage: Stage = .notSent, osErrno: Int = 0, detail: String) {
        self.kind = kind
        self.stage = stage
        self.osErrno = osErrno
        self.detail = detail
    }

    /// The error the rest of gqlpatch reads: what went wrong in the words it expects, with
    /// `notConnected` for a connection never made (which the retry policy reads). From `.sent` on
    /// the server may have acted on the request (`requestMayHaveArrived`); a response that began and
    /// then broke (a short body, bad chunked encoding, a header block past its limit, an HTTP/0.9
    /// answer) is a protocol error (76), not a lost connection. `url`, when known, is named where it
    /// tells the user what to check (a refused connection).
    package func error(host: String, timeout: Double, url: String? = nil) -> GQLPatchError {
        var error = plainError(host: host, timeout: timeout, url: url)
        error.requestMayHaveArrived = stage != .notSent
        error.notConnected = stage == .notSent && (kind == .couldNotConnect || kind == .unresolved)
        return error
    }

    private func plainError(host: String, timeout: Double, url: String?) -> GQLPatchError {
        let timeoutText = timeout == timeout.rounded() ? String(timeout.saturated(to: Int.self)) : String(timeout)
        if stage != .notSent {
            switch kind {
            case .notHTTP:
                return GQLPatchError(.badResponse, "the response from \(host) is not valid HTTP: \(detail)")
            case .headersTooLarge:
                return GQLPatchError(
                    .badResponse, "the response from \(host) is not valid HTTP: its headers are too large")
            default:
                break
            }
            if stage == .answering, kind == .receiveFailed || kind == .stoppedByReceiver {
                return GQLPatchError(.badResponse, "the response from \(host) broke off or is malformed: \(detail)")
            }
        }
        switch kind {
        case .timedOut:
            return GQLPatchError(.unavailable, "request to \(host) timed out after \(timeoutText) s")
        case .couldNotConnect:
            guard osErrno == Int(ECONNREFUSED) else {
                return GQLPatchError(.unavailable, "cannot connect to \(host): \(detail)")
            }
            // Where it went and what to check.
            guard let url, let target = AWSEndpointURL(url) else {
                return GQLPatchError(.unavailable, "cannot connect to \(host): connection refused")
            }
            return GQLPatchError(
                .unavailable,
                "cannot connect to \(host) port \(target.port ?? (target.scheme == "https" ? 443 : 80)): connection refused "
                    + "(endpoint \(Redactor.url(url))); is the server running, and is that its address?")
        case .unresolved:
            return GQLPatchError(.unavailable, "cannot find host \(host)")
        case .closedWithoutAnswer:
            return GQLPatchError(.unavailable, "the connection to \(host) closed without a valid HTTP response")
        case .sendFailed, .receiveFailed:
            return GQLPatchError(.unavailable, "the connection to \(host) was lost before a response arrived")
        case .notHTTP:
            return GQLPatchError(.badResponse, "the response from \(host) is not valid HTTP")
        case .tls:
            // OpenSSL's words when the answer to its hello is not TLS: a plain-http server.
            let plain =
                detail.contains("wrong version number") || detail.contains("packet length too long")
                ? "; the server answered in plain HTTP: is the endpoint http:// rather than https://?" : ""
            return GQLPatchError(.unavailable, "TLS connection to \(host) failed: \(detail)\(plain)")
        case .invalidURL:
            return .configuration("endpoint for \(host) is not a valid http or https URL: \(detail)")
        case .headersTooLarge, .stoppedByReceiver, .other:
            return GQLPatchError(.unavailable, "request to \(host) failed: \(detail)")
        }
    }
}
