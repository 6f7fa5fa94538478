import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Refuses every redirect, so the 3xx response itself comes back to the caller:
/// credentials are never sent on to another host.
final class NoRedirectDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // @unchecked: no stored state.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
