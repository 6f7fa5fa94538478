import CNet
import GQLPatchSupport
import HTTP

/// One connection of `DirectTransport` (TCP, TLS where the URL says https): used by one exchange at
/// a time, kept in `DirectConnectionPool` between them, closed when dropped.
package final class DirectConnection: @unchecked Sendable {
    // @unchecked: an exchange owns the connection while it runs; the pool hands it over under its lock.

    /// Where it leads: `scheme://host:port`.
    package let key: String
    private let pointer: OpaquePointer
    /// Where each receive lands before it is appended (bulk copies only: a byte loop over a large
    /// body is slow in a debug build).
    private let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: DirectConnection.receiveBytes)

    private static let receiveBytes = 64 << 10

    /// How long a kept connection may stay idle before it is closed rather than reused: below the
    /// idle timeouts of common load balancers (AWS's ALB 60 s, CloudFront 60 s), so that gqlpatch
    /// never writes to a connection the far end may be dropping.
    package static let maximumIdleMilliseconds: Int64 = 50_000

    /// When it was last put aside (`gqlpatch_net_now_ms`); set by whoever keeps it.
    package var idleSince: Int64 = 0
    /// How long it may stay idle: `maximumIdleMilliseconds`, or less when the server said so
    /// (`Keep-Alive: timeout=N`: one second under N).
    package var idleLimit: Int64 = DirectConnection.maximumIdleMilliseconds

    /// Puts the connection aside after `response`: notes the time and the server's idle limit
    /// (`maximum`: gqlpatch's own, `maximumIdleMilliseconds` but in tests).
    package func keep(
        after response: HTTPResponse?, now: Int64, maximum: Int64 = DirectConnection.maximumIdleMilliseconds
    ) {
        idleSince = now
        idleLimit = maximum
        if let value = response?.headers["keep-alive"], let seconds = Self.timeout(inKeepAlive: value) {
            idleLimit = min(idleLimit, max(0, (seconds - 1) * 1000))
        }
    }

    /// `timeout=5, max=100` -> 5.
    static func timeout(inKeepAlive value: String) -> Int64? {
        for part in value.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace().lowercased() }
            if pair.count == 2, pair[0] == "timeout", let seconds = Int64(pair[1]), seconds >= 0 { return seconds }
        }
        return nil
    }

    /// Whether a kept connection may carry the next request now: not idle past its limit, and not
    /// closed by the peer (checked just before reuse, as libcurl does).
    package func usable(now: Int64) -> Bool {
        now - idleSince < idleLimit && reusable
    }

    private init(key: String, pointer: OpaquePointer) {
        self.key = key
        self.pointer = pointer
    }

    deinit {
        gqlpatch_net_close(pointer)
        scratch.deallocate()
    }

    /// Why opening, sending or receiving failed.
    package struct Failure: Error {
        package var status: gqlpatch_net_status

        package var result: gqlpatch_net_result { gqlpatch_net_result(UInt32(status.result)) }
        package var osErrno: Int { Int(status.os_errno) }
        package var detail: String {
            withUnsafeBytes(of: status.detail) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }

        /// The failure in HTTP's terms.
        package var kind: TransportFailure.Kind {
            switch result {
            case GQLPATCH_NET_TIMEOUT: .timedOut
            case GQLPATCH_NET_RESOLVE: .unresolved
            case GQLPATCH_NET_CONNECT: .couldNotConnect
            case GQLPATCH_NET_TLS, GQLPATCH_NET_VERIFY, GQLPATCH_NET_CA_FILE: .tls
            case GQLPATCH_NET_SEND: .sendFailed
            default: .receiveFailed
            }
        }

        /// The failure as the exchange reports it, `stage` being how far the exchange got.
        package func failure(_ stage: TransportFailure.Stage) -> TransportFailure {
            TransportFailure(kind, stage: stage, osErrno: osErrno, detail: detail)
        }
    }

    /// `deadline`: `gqlpatch_net_now_ms` milliseconds.
    package static func open(
        key: String, host: String, port: Int, tls: Bool, certificateAuthorities: String?, deadline: Int64
    ) throws(Failure) -> DirectConnection {
        var status = gqlpatch_net_status()
        let opened = host.withCString { host in
            if let certificateAuthorities {
                return certificateAuthorities.withCString {
                    gqlpatch_net_open(host, Int32(port), tls ? 1 : 0, $0, deadline, &status)
                }
            }
            return gqlpatch_net_open(host, Int32(port), tls ? 1 : 0, nil, deadline, &status)
        }
        guard let opened else { throw Failure(status: status) }
        return DirectConnection(key: key, pointer: opened)
    }

    /// Makes the TLS handshake with `host` over this plain connection (a proxy's tunnel).
    package func startTLS(host: String, port: Int, certificateAuthorities: String?, deadline: Int64)
        throws(Failure)
    {
        var status = gqlpatch_net_status()
        let code = host.withCString { host in
            if let certificateAuthorities {
                return certificateAuthorities.withCString {
                    gqlpatch_net_start_tls(pointer, host, Int32(port), $0, deadline, &status)
                }
            }
            return gqlpatch_net_start_tls(pointer, host, Int32(port), nil, deadline, &status)
        }
        if code != 0 { throw Failure(status: status) }
    }

    package func send(_ bytes: [UInt8], deadline: Int64) throws(Failure) {
        var status = gqlpatch_net_status()
        let code = bytes.withUnsafeBufferPointer {
            gqlpatch_net_send(pointer, $0.baseAddress, $0.count, deadline, &status)
        }
        if code != 0 { throw Failure(status: status) }
    }

    /// Appends what arrives (up to 64 KB) to `buffer`: false when the peer closed the connection.
    package func receive(into buffer: inout [UInt8], deadline: Int64) throws(Failure) -> Bool {
        var status = gqlpatch_net_status()
        let count = gqlpatch_net_receive(pointer, scratch.baseAddress, scratch.count, deadline, &status)
        if count < 0 { throw Failure(status: status) }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<count]))
        return count > 0
    }

    /// One pull for `HTTPResponseReader`: what arrived by `deadline`, in the reader's terms.
    package func pull(into buffer: inout [UInt8], deadline: Int64) -> HTTPResponseReader.Received {
        do throws(Failure) {
            return try receive(into: &buffer, deadline: deadline) ? .bytes : .closed
        } catch {
            return .failed(error.kind, osErrno: error.osErrno, detail: error.detail)
        }
    }

    /// Whether the kept connection may carry another request (the peer has not closed it).
    package var reusable: Bool { gqlpatch_net_reusable(pointer) == 1 }

    // MARK: - Without waiting (an event loop's connections)

    /// The socket, for the loop to watch.
    package var descriptor: Int32 { gqlpatch_net_fd(pointer) }

    /// What the socket needs before a send or receive that could not go on is tried again.
    package enum Readiness: Sendable {
        case readable, writable
    }

    /// Sends what the socket takes now from `bytes[from...]`: the count sent, and what to wait for
    /// when it is not all.
    package func sendSome(_ bytes: [UInt8], from start: Int) throws(Failure) -> (sent: Int, wait: Readiness?) {
        var status = gqlpatch_net_status()
        var want: Int32 = 0
        let count = bytes.withUnsafeBufferPointer {
            gqlpatch_net_send_some(pointer, $0.baseAddress! + start, $0.count - start, &want, &status)
        }
        if count < 0 { throw Failure(status: status) }
        return (count, want == 0 ? nil : want == 1 ? .readable : .writable)
    }

    /// What one receive gave without waiting.
    package enum Arrival: Sendable {
        /// Bytes were appended.
        case bytes
        /// The peer closed the connection.
        case closed
        /// Nothing yet: wait for this.
        case later(Readiness)
    }

    /// Appends what has arrived (up to 64 KB) to `buffer`.
    package func receiveSome(into buffer: inout [UInt8]) throws(Failure) -> Arrival {
        var status = gqlpatch_net_status()
        var want: Int32 = 0
        let count = gqlpatch_net_receive_some(pointer, scratch.baseAddress, scratch.count, &want, &status)
        if count == -2 { return .later(want == 2 ? .writable : .readable) }
        if count < 0 { throw Failure(status: status) }
        if count == 0 { return .closed }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<count]))
        return .bytes
    }
}
