import CCurl
import HTTP

extension TransportFailure {
    /// libcurl's result code in HTTP's terms: the one place a `CURLcode` becomes a kind. `stage`
    /// decides the codes whose meaning depends on how far the transfer got (an unsupported
    /// protocol before sending is a bad URL, after it an HTTP/0.9 answer; out of memory after
    /// sending is libcurl's 100 KB buffer for one header line running out).
    package init(curlCode code: CURLcode, osErrno: Int, detail: String, stage: Stage) {
        let kind: Kind =
            switch code {
            case CURLE_OPERATION_TIMEDOUT: .timedOut
            case CURLE_COULDNT_CONNECT: .couldNotConnect
            case CURLE_COULDNT_RESOLVE_HOST: .unresolved
            case CURLE_GOT_NOTHING: .closedWithoutAnswer
            case CURLE_SEND_ERROR: .sendFailed
            case CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: .receiveFailed
            case CURLE_WRITE_ERROR: .stoppedByReceiver
            case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING: .notHTTP
            case CURLE_UNSUPPORTED_PROTOCOL: stage == .notSent ? .invalidURL : .notHTTP
            case CURLE_URL_MALFORMAT: .invalidURL
            case CURLE_OUT_OF_MEMORY: stage == .notSent ? .other : .headersTooLarge
            case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
                CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
                CURLE_SSL_INVALIDCERTSTATUS:
                .tls
            default: .other
            }
        self.init(kind, stage: stage, osErrno: osErrno, detail: detail)
    }
}
