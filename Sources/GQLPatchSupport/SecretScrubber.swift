import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps every secret of a run out of everything it prints, whatever the source: a server that
/// echoes the request's headers into an error message, a 5xx page or a record must not make
/// gqlpatch print the API key, token or session token. Secrets are registered as they become
/// known (the transport registers each request's before sending it); `Console` passes every write
/// through `scrub`.
///
/// Scrubbed: a whole secret of 8 bytes or more, and any run of 12 bytes or more of a longer one (a
/// server may cut or split what it echoes). Each such run becomes `[redacted]`. Shorter secrets
/// are left alone: scrubbing every `abc` would garble the output and protect nothing. The
/// JSON-escaped form (`\/` for `/`) is covered too, as a server's JSON may escape it.
///
/// Cost: one table look-up per 5 output bytes once a secret is known, none before.
public final class SecretScrubber: Sendable {
    /// Runs of this many bytes of a secret are scrubbed.
    public static let window = 12
    /// Secrets shorter than this are not scrubbed.
    public static let shortest = 8
    package static let replacement = Array("[redacted]".utf8)
    /// Registered with a request signed by SigV4: from then on the hex after every `Signature=` is
    /// scrubbed (a signature is new for every request, so it is matched by its place, not learnt:
    /// learning each would grow the tables by one entry per request). Its NUL keeps it apart from
    /// the values a user gives; it is scrubbed too, like anything registered.
    public static let signatureMarker = "\u{0}gqlpatch:sigv4-signature"
    private static let signaturePrefix = Array("Signature=".utf8)

    /// 12 bytes of a secret, as two words for comparing.
    package struct Window: Comparable, Sendable {
        package var head: UInt64
        package var tail: UInt32

        package static func < (a: Window, b: Window) -> Bool { (a.head, a.tail) < (b.head, b.tail) }
    }

    /// A string compared byte for byte: `String`'s `==` treats canonically equivalent texts (`é` written
    /// as one scalar or as two) as equal, and a secret's other spelling must still be registered.
    package struct ExactText: Equatable, Sendable {
        package var text: String

        /// Byte for byte, by one comparison of the two buffers.
        package static func == (a: ExactText, b: ExactText) -> Bool {
            var a = a.text
            var b = b.text
            return a.withUTF8 { first in
                b.withUTF8 { second in
                    first.count == second.count
                        && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
                }
            }
        }
    }

    // Arrays, not sets: a run knows a handful of secrets, and each `Set` of a type of ours was
    // instantiated at run time on first use, a scan of the binary's conformance records (some 200 k
    // instructions each, three of them in every run that sends).
    package struct State: Sendable {
        /// The forms scrubbed (each secret and its JSON-escaped spelling).
        package var known: [[UInt8]] = []
        /// The secrets registered (before escaping): every request registers its own again, and a
        /// secret seen before costs one look-up, not its escaped form and window set once more.
        package var registered: [ExactText] = []
        /// Every 12-byte run of the secrets of 12 bytes or more, sorted (a binary search per test).
        package var windows: [Window] = []
        /// The secrets of 8 to 11 bytes, matched whole.
        package var short: [[UInt8]] = []
        /// A bit per hash of each 4-byte run of a pattern: most output is passed over by one test in 5 bytes.
        package var filter = [UInt64](repeating: 0, count: 1024)
        /// What the last `register` was given: every request of a batch registers the same key, and
        /// an exact match of this list costs a few comparisons, not a hash of each secret.
        package var lastRegistered: [ExactText] = []
        /// Whether SigV4 signatures (`Signature=<hex>`) are scrubbed.
        package var signatures = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Adds secrets to scrub from now on.
    public func register(_ secrets: [String]) {
        guard !secrets.isEmpty else { return }
        state.withLock { state in
            if secrets.count == state.lastRegistered.count
                && zip(secrets, state.lastRegistered).allSatisfy({ ExactText(text: $0) == $1 })
            {
                return
            }
            state.lastRegistered = secrets.map(ExactText.init(text:))
            for text in secrets
            where text.utf8.count >= Self.shortest && !state.registered.contains(ExactText(text: text)) {
                // The marker turns the signature pass on, and is scrubbed like any other text
                // registered (a secret that happened to be spelled so would still be kept out).
                if text == Self.signatureMarker { state.signatures = true }
                state.registered.append(ExactText(text: text))
                let secret = Array(text.utf8)
                var escaped: [UInt8] = []
                for byte in secret {
                    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                        escaped.append(UInt8(ascii: "\\"))
                    }
                    escaped.append(byte)
                }
                for form in escaped == secret ? [secret] : [secret, escaped] where !state.known.contains(form) {
                    state.known.append(form)
                    Self.add(form, to: &state)
                }
            }
        }
    }

    private static func add(_ secret: [UInt8], to state: inout State) {
        // Every 4-byte run of the secret goes into the filter (the scan tests one position in
        // `stride`, which may fall anywhere inside a match).
        for start in 0...(secret.count - 4) { setFilter(secret, at: start, in: &state.filter) }
        if secret.count < window {
            state.short.append(secret)
            return
        }
        for start in 0...(secret.count - window) {
            let window = secret.withUnsafeBufferPointer { windowAt($0, start) }
            let position = firstPosition(of: window, in: state.windows)
            if position == state.windows.count || state.windows[position] != window {
                state.windows.insert(window, at: position)
            }
        }
    }

    /// The scan tests the 4 bytes at every `stride`-th position only: a match is at least
    /// `shortest` (8) bytes long, so its first `shortest - 3` positions (5) all start 4 bytes
    /// inside it, and one of any 5 consecutive positions is tested. A hit is then checked at every
    /// position a match holding those 4 bytes could start at.
    private static let stride = shortest - 3

    /// The bytes with every secret (or long run of one) replaced by `[redacted]`.
    public func scrub(_ bytes: [UInt8]) -> [UInt8] {
        let state = state.withLock { $0 }
        guard !state.known.isEmpty || state.signatures, bytes.count >= Self.shortest else { return bytes }
        var ranges: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            state.filter.withUnsafeBufferPointer { filter in
                let count = buffer.count
                // Positions below this were checked already (candidates of an earlier hit).
                var checkedTo = 0
                var index = 0
                while index + 4 <= count {
                    let hash = Self.filterHash(buffer, index)
                    if filter[hash >> 6] & (1 << UInt64(hash & 63)) != 0 {
                        // A match holding bytes index..<index+4 starts at most `window - 4` before.
                        var start = max(checkedTo, index - (Self.window - 4))
                        while start <= index {
                            Self.check(buffer, at: start, state: state, into: &ranges)
                            start += 1
                        }
                        checkedTo = index + 1
                    }
                    index += Self.stride
                }
            }
        }
        if state.signatures { ranges = Self.merged(ranges, Self.signatures(in: bytes)) }
        guard !ranges.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for range in ranges {
            result += bytes[position..<range.lowerBound]
            result += Self.replacement
            position = range.upperBound
        }
        result += bytes[position...]
        return result
    }

    /// The hex digits after each `Signature=` (16 or more of them), in order.
    private static func signatures(in bytes: [UInt8]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            signaturePrefix.withUnsafeBufferPointer { prefix in
                var start = 0
                // Each `S` (memchr), then the rest of the prefix compared.
                while start + prefix.count <= buffer.count,
                    let hit = memchr(buffer.baseAddress! + start, Int32(prefix[0]), buffer.count - start)
                {
                    let position = buffer.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    guard position + prefix.count <= buffer.count,
                        memcmp(buffer.baseAddress! + position, prefix.baseAddress!, prefix.count) == 0
                    else {
                        start = position + 1
                        continue
                    }
                    let at = position + prefix.count
                    var end = at
                    while end < buffer.count, Self.isHexDigit(buffer[end]) { end += 1 }
                    if end - at >= 16 { found.append(at..<end) }
                    start = max(end, at)
                }
            }
        }
        return found
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (97...102).contains(byte) || (65...70).contains(byte)
    }

    /// Two ordered lists of ranges as one, in order, overlaps joined.
    private static func merged(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
        guard !b.isEmpty else { return a }
        var result: [Range<Int>] = []
        for range in (a + b).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, last.upperBound >= range.lowerBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Adds the match starting at `index`, if there is one, to `ranges` (in order, overlaps joined).
    private static func check(
        _ buffer: UnsafeBufferPointer<UInt8>, at index: Int, state: State, into ranges: inout [Range<Int>]
    ) {
        let count = buffer.count
        var end = index
        if index + window <= count, holds(state.windows, windowAt(buffer, index)) {
            end = index + window
        }
        for secret in state.short where index + secret.count <= count && index + secret.count > end {
            if secret.indices.allSatisfy({ buffer[index + $0] == secret[$0] }) {
                end = index + secret.count
            }
        }
        guard end > index else { return }
        if let last = ranges.last, last.upperBound >= index {
            ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, end)
        } else {
            ranges.append(index..<end)
        }
    }

    /// The text with every secret replaced (see `scrub(_:)` for bytes).
    /// Whether `bytes` hold a registered secret (or a long enough run of one).
    public func holdsSecret(_ bytes: [UInt8]) -> Bool { scrub(bytes) != bytes }

    public func scrub(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let scrubbed = scrub(bytes)
        return scrubbed.count == bytes.count && scrubbed == bytes ? text : String(decoding: scrubbed, as: UTF8.self)
    }

    /// The first position in sorted `windows` whose window is not less than `window`.
    private static func firstPosition(of window: Window, in windows: [Window]) -> Int {
        var low = 0
        var high = windows.count
        while low < high {
            let middle = (low + high) / 2
            if windows[middle] < window { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func holds(_ windows: [Window], _ window: Window) -> Bool {
        let position = firstPosition(of: window, in: windows)
        return position < windows.count && windows[position] == window
    }

    private static func windowAt(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) -> Window {
        var head: UInt64 = 0
        for offset in 0..<8 { head = head << 8 | UInt64(buffer[start + offset]) }
        var tail: UInt32 = 0
        for offset in 8..<12 { tail = tail << 8 | UInt32(buffer[start + offset]) }
        return Window(head: head, tail: tail)
    }

    private static func filterHash(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        // One unaligned load of 4 bytes (the same byte order wherever it is computed, so the filter
        // set at `register` and the scan agree).
        let word = UnsafeRawPointer(buffer.baseAddress! + start).loadUnaligned(as: UInt32.self)
        return Int((word &* 2_654_435_761) >> 16)
    }

    private static func setFilter(_ secret: [UInt8], at start: Int, in filter: inout [UInt64]) {
        let hash = secret.withUnsafeBufferPointer { filterHash($0, start) }
        filter[hash >> 6] |= 1 << UInt64(hash & 63)
    }
}
