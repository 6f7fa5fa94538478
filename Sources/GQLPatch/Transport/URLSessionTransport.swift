import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPTransport` over Foundation's URLSession: one session per run, so connections are reused;
/// redirects are never followed (credentials must not travel to another host); TLS certificates
/// are verified by the system; a response body larger than `maximumResponseBytes` is refused while it
/// streams in (the transfer is cancelled at the limit, never buffered whole).
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: URLSession is thread-safe; `storedSession` is only touched while holding `lock`,
    // the other stored properties are immutable after init.
    private let collector = ResponseCollector()
    private let maximumResponseBytes: Int
    private let lock = NSLock()
    private var storedSession: URLSession?

    /// Cheap: the session is made on the first request, so runs that send nothing (`--help`,
    /// `--dry-run`, refused input) never pay for it.
    public init(maximumResponseBytes: Int = 64 << 20) {
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// One session per transport, so connections are reused across requests.
    private var session: URLSession {
        lock.lock()
        defer { lock.unlock() }
        if let storedSession { return storedSession }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        storedSession = session
        return session
    }

    public func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        guard let url = URL(string: request.url) else {
            throw .configuration("endpoint '\(request.url)' is not a valid URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = timeout
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        urlRequest.httpBody = Data(request.body)
        let host = url.host ?? request.url
        let data: Data
        let response: URLResponse?
        switch await collector.collect(session.dataTask(with: urlRequest), limit: maximumResponseBytes) {
        case .response(let body, let answer):
            (data, response) = (body, answer)
        case .failure(let error):
            throw Self.failure(error, host: host, timeout: timeout)
        case .oversized:
            throw GQLPatchError(.badResponse, "the response from \(host) is larger than \(Self.describe(maximumResponseBytes))")
        }
        guard let http = response as? HTTPURLResponse else {
            throw GQLPatchError(.badResponse, "the endpoint \(host) did not answer with HTTP")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](data))
    }

    /// A transport like this one whose responses may be at most `bytes` long (`--max-response-mb`).
    public func limitingResponses(to bytes: Int) -> any HTTPTransport {
        URLSessionTransport(maximumResponseBytes: bytes)
    }

    /// `64 MB`, or the bytes when the limit is not a whole number of MB.
    static func describe(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    private static func failure(_ error: any Error, host: String, timeout: Double) -> GQLPatchError {
        let timeoutText = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
        guard let urlError = error as? URLError else {
            return GQLPatchError(.unavailable, "request to \(host) failed: \(error.localizedDescription)")
        }
        switch urlError.code {
        case .timedOut:
            return GQLPatchError(.unavailable, "request to \(host) timed out after \(timeoutText) s")
        case .cannotConnectToHost:
            return GQLPatchError(.unavailable, "cannot connect to \(host): connection refused")
        case .cannotFindHost, .dnsLookupFailed:
            return GQLPatchError(.unavailable, "cannot find host \(host)")
        case .networkConnectionLost:
            return GQLPatchError(.unavailable, "the connection to \(host) was lost before a response arrived")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid:
            return GQLPatchError(.unavailable, "TLS connection to \(host) failed: \(urlError.localizedDescription)")
        case .badServerResponse:
            // What Linux reports when the server closes the connection without answering.
            return GQLPatchError(.unavailable, "the connection to \(host) closed without a valid HTTP response")
        case .cannotParseResponse:
            return GQLPatchError(.badResponse, "the response from \(host) is not valid HTTP")
        default:
            return GQLPatchError(.unavailable, "request to \(host) failed: \(urlError.localizedDescription)")
        }
    }
}
