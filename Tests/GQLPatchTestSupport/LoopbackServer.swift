import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A scripted HTTP/1.1 server on 127.0.0.1 for the HTTP clients' tests: it reads each request
/// (head and `Content-Length` body) and answers what `reply` says for it, counting connections
/// and requests.
public final class LoopbackServer: Sendable {
    public enum Reply: Sendable {
        /// These bytes; the connection stays open for the next request.
        case send(String)
        /// These bytes, then the connection is closed.
        case sendAndClose(String)
        /// No answer: the connection is closed at once.
        case close
        /// No answer, the connection held open until the client (or `stop()`) ends it.
        case silence
    }

    public let port: Int
    private let listener: Int32
    private let state = Tally()

    /// What the server saw, shared with its threads.
    private final class Tally: Sendable {
        let value = Mutex<(connections: Int, requests: [String])>((0, []))
        /// The accepted sockets, shut down by `stop()`: the event loop is shared by the process, and
        /// a connection it kept to a stopped server must not look alive to a later test whose
        /// server was given the same port.
        let clients = Mutex<[Int32]>([])
    }

    /// `reply(connection, request)`: both counted from 0 (the request within its connection).
    public init(reply: @escaping @Sendable (Int, Int) -> Reply) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        let state = state
        Thread.detachNewThread {
            while true {
                let client = accept(fd, nil, nil)
                if client < 0, errno == EINTR { continue }  // a signal to the test process
                if client < 0 { return }
                state.clients.withLock { $0.append(client) }
                Thread.detachNewThread { Self.serve(client, state: state, reply: reply) }
            }
        }
    }

    public var connections: Int { state.value.withLock { $0.connections } }
    public var requests: [String] { state.value.withLock { $0.requests } }

    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        // Under the lock that closes them: a number closed and given to another socket is never hit.
        state.clients.withLock { clients in for client in clients { shutdown(client, Int32(SHUT_RDWR)) } }
    }

    /// Serves one connection. It is counted, and numbered, by its first request: a test run's
    /// other tests connect to ports they believe closed (a stopped server's, which the system may
    /// have given to this one), and such a connection, which sends nothing, is none of this
    /// server's.
    private static func serve(_ client: Int32, state: Tally, reply: @Sendable (Int, Int) -> Reply) {
        defer {
            state.clients.withLock { clients in
                clients.removeAll { $0 == client }
                close(client)
            }
        }
        var pending: [UInt8] = []
        var index = 0
        var connection = -1
        while true {
            guard let request = readRequest(client, &pending) else { return }
            connection = state.value.withLock { value in
                value.requests.append(request)
                if connection >= 0 { return connection }
                value.connections += 1
                return value.connections - 1
            }
            switch reply(connection, index) {
            case .send(let text):
                writeAll(client, text)
            case .sendAndClose(let text):
                writeAll(client, text)
                return
            case .close:
                return
            case .silence:
                var byte: UInt8 = 0
                while recv(client, &byte, 1, 0) > 0 || errno == EINTR {}
                return
            }
            index += 1
        }
    }

    private static func writeAll(_ client: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            sent += count
        }
    }

    /// One request's text (head and body), or nil at the connection's end.
    private static func readRequest(_ client: Int32, _ pending: inout [UInt8]) -> String? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        func fill() -> Bool {
            var count = -1
            // A signal to the test process (SIGCHLD from the end-to-end tests' children) must not
            // end the connection: the client would see a server closing a kept connection.
            repeat {
                count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            } while count < 0 && errno == EINTR
            if count <= 0 { return false }
            pending.append(contentsOf: chunk[0..<count])
            return true
        }
        while true {
            if let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
                var length = 0
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
                }
                while pending.count < end.upperBound + length { if !fill() { return nil } }
                let text = String(decoding: pending[..<(end.upperBound + length)], as: UTF8.self)
                pending.removeFirst(end.upperBound + length)
                return text
            }
            if !fill() { return nil }
        }
    }
}
