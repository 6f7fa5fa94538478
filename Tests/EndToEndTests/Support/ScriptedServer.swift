import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on a free loopback port that answers every request from a script, for
/// answers the emulator never gives (HTML, truncated JSON, a conflict on every update). Each
/// connection carries one request and is closed after the answer.
final class ScriptedServer: @unchecked Sendable {
    // @unchecked: `bodies` is guarded by `lock`; the socket is closed once, by `stop()`.

    /// One answer: the status line's code, the content type and the raw body bytes.
    struct Reply: Sendable {
        var status: Int
        var contentType: String = "application/json"
        var body: String
        /// More header lines (`Retry-After: 1`, `x-amzn-ErrorType: ...`).
        var headers: [String] = []
    }

    let port: Int
    private let listener: Int32
    private let respond: @Sendable (_ index: Int, _ body: String) -> Reply
    private let lock = NSLock()
    private var bodies: [String] = []
    private var stopped = false

    var endpoint: String { "http://127.0.0.1:\(port)/graphql" }

    /// Starts listening; `respond` gets the 0-based request number and the request body.
    init(respond: @escaping @Sendable (_ index: Int, _ body: String) -> Reply) throws {
        self.respond = respond
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw HarnessError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw HarnessError("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The request bodies received so far, in order.
    var received: [String] {
        lock.lock()
        defer { lock.unlock() }
        return bodies
    }

    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    deinit { stop() }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0, errno == EINTR { continue }  // a signal to the test process
            guard connection >= 0 else { return }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        var headerEnd: Int?
        var contentLength = 0
        while true {
            if let end = headerEnd, bytes.count >= end + contentLength { break }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }  // a signal to the test process, not the peer
            guard count > 0 else { return }
            bytes.append(contentsOf: buffer[0..<count])
            if headerEnd == nil, let end = Self.headerEnd(bytes) {
                headerEnd = end
                contentLength = Self.contentLength(String(decoding: bytes[0..<end], as: UTF8.self))
            }
        }
        let start = headerEnd ?? bytes.count
        let body = String(decoding: bytes[start..<min(bytes.count, start + contentLength)], as: UTF8.self)
        lock.lock()
        let index = bodies.count
        bodies.append(body)
        lock.unlock()
        let reply = respond(index, body)
        let payload = Array(reply.body.utf8)
        let head =
            "HTTP/1.1 \(reply.status) Scripted\r\nContent-Type: \(reply.contentType)\r\n"
            + reply.headers.map { $0 + "\r\n" }.joined()
            + "Content-Length: \(payload.count)\r\nConnection: close\r\n\r\n"
        let message = Array(head.utf8) + payload
        var sent = 0
        while sent < message.count {
            let written = message[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            sent += written
        }
        shutdown(connection, Int32(SHUT_WR))
    }

    /// The offset just past `\r\n\r\n`, if the headers are complete.
    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }

    private static func contentLength(_ head: String) -> Int {
        for line in head.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        return 0
    }
}
