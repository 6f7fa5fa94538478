import CCurl
import GQLPatchSupport
import HTTP
import Synchronization

/// `HTTPTransport` over the system's libcurl, driven by the process's one `CurlEventLoop`: connections
/// are reused across requests and many requests share one thread. Redirects are never followed
/// (credentials must not travel to another host); only http and https are spoken; TLS certificates
/// are verified; a response body larger than `maximumResponseBytes` is refused while it streams in
/// (the transfer stops at the limit, or at once when the announced length is larger).
public struct CurlTransport: HTTPTransport {
    private let maximumResponseBytes: Int
    /// A PEM file of the certificate authorities to trust instead of the system's; nil: the system's.
    private let certificateAuthorities: String?
    /// When set, the URLs no proxy applies to are sent with libcurl's proxy lookup off (see
    /// `ProxyVerdicts`); nil: libcurl reads the proxy variables itself for every request.
    private var proxyVerdicts: ProxyVerdicts?

    /// Cheap: curl and its thread start with the first request, so runs that send nothing
    /// (`--help`, `--dry-run`, refused input) never pay for them.
    public init(maximumResponseBytes: Int = 64 << 20, certificateAuthorities: String? = nil) {
        self.maximumResponseBytes = maximumResponseBytes
        self.certificateAuthorities = certificateAuthorities
    }

    /// This transport, judging proxies by `verdicts` (over the environment the process started with,
    /// as libcurl would read it) instead of letting libcurl look them up for each request.
    package func judgingProxies(_ verdicts: ProxyVerdicts) -> CurlTransport {
        var transport = self
        transport.proxyVerdicts = verdicts
        return transport
    }

    /// Throws when libcurl cannot be loaded (waiting for a load in progress); nothing is sent.
    public func checkReady() throws(GQLPatchError) {
        if CurlEventLoop.shared == nil {
            throw GQLPatchError(.unavailable, CurlEventLoop.loadFailure ?? "cannot load libcurl")
        }
    }

    public func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        guard let loop = CurlEventLoop.shared else {
            throw GQLPatchError(.unavailable, CurlEventLoop.loadFailure ?? "cannot load libcurl")
        }
        try request.checkHeaders()
        let limit = request.responseLimit(under: maximumResponseBytes)
        let transfer = CurlTransfer(handle: loop.makeHandle(), limit: limit)
        configure(transfer, for: request, timeout: timeout)
        return try await loop.perform(transfer).response(url: request.url, limit: limit, timeout: timeout)
    }

    /// Starts loading libcurl on a thread of its own (once per process), so that the load overlaps
    /// reading the schema, finding credentials and signing; the first `send` waits for it if it has
    /// not finished.
    public func preload() {
        if !Self.preloadStarted.exchange(true, ordering: .relaxed) { gqlpatch_curl_preload() }
    }

    /// Runs tasks on libcurl's event loop thread (nil when libcurl cannot be loaded).
    public static var executor: (any TaskExecutor)? { CurlEventLoop.shared }

    private static let preloadStarted = Atomic<Bool>(false)

    private func configure(_ transfer: CurlTransfer, for request: HTTPRequest, timeout: Double) {
        let handle = transfer.handle
        request.url.withCString { _ = gqlpatch_curl_set_pointer(handle, CURLOPT_URL, $0) }  // curl copies strings
        "http,https".withCString { _ = gqlpatch_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, $0) }
        if let proxyVerdicts, proxyVerdicts.isDirect(request.url) {
            // "" is libcurl's "no proxy, whatever the environment says"; with no_proxy given too it
            // reads no variable at all.
            "".withCString {
                _ = gqlpatch_curl_set_pointer(handle, CURLOPT_PROXY, $0)
                _ = gqlpatch_curl_set_pointer(handle, CURLOPT_NOPROXY, $0)
            }
        }
        gqlpatch_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        gqlpatch_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        gqlpatch_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, (timeout * 1000).saturated(to: Int.self)))
        gqlpatch_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(transfer.limit))
        gqlpatch_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, transfer.errorBuffer)
        if let certificateAuthorities {
            certificateAuthorities.withCString { _ = gqlpatch_curl_set_pointer(handle, CURLOPT_CAINFO, $0) }
        }
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        if request.method == "POST" {
            gqlpatch_curl_set_long(handle, CURLOPT_POST, 1)
            gqlpatch_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count))
            if request.body.isEmpty {
                "".withCString { _ = gqlpatch_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0) }
            } else {
                request.body.withUnsafeBytes {
                    _ = gqlpatch_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress)
                }
            }
        } else {
            request.method.withCString { _ = gqlpatch_curl_set_pointer(handle, CURLOPT_CUSTOMREQUEST, $0) }
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in request.headers {
            list = "\(header.name): \(header.value)".withCString { gqlpatch_curl_slist_append(list, $0) }
        }
        // No `Expect: 100-continue` wait before larger bodies: AppSync answers at once.
        list = "Expect:".withCString { gqlpatch_curl_slist_append(list, $0) }
        transfer.headerList = list
        gqlpatch_curl_set_pointer(handle, CURLOPT_HTTPHEADER, list)
        gqlpatch_curl_set_pointer(handle, CURLOPT_PREREQDATA, context)
        gqlpatch_curl_set_prerequest(handle) { context, _, _, _, _ in
            Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().mayStartRequest()
                ? CURL_PREREQFUNC_OK : CURL_PREREQFUNC_ABORT
        }
        gqlpatch_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        gqlpatch_curl_set_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            let bytes = UnsafeRawPointer(data).map {
                UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt8.self), count: length)
            }
            return transfer.receive(bytes ?? UnsafeBufferPointer(start: nil, count: 0)) ? length : 0
        }
        gqlpatch_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        gqlpatch_curl_set_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            guard let data else { return length }
            let line = UnsafeBufferPointer(
                start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
            return transfer.receiveHeader(line) ? length : 0
        }
    }
}
