#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A question asked on the terminal: written to stderr, the answer read from standard input up to
/// its line's end (at most `maxBytes`: a longer answer is no answer).
public enum TerminalQuestion {
    static let maxBytes = 64

    /// The answer without its line end; nil when none came (end of input, a read error, too long).
    @Sendable public static func ask(_ question: String) -> String? {
        var text = Array(question.utf8)
        var written = 0
        while written < text.count {
            let got = text.withUnsafeMutableBytes { write(2, $0.baseAddress! + written, $0.count - written) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { return nil }
            written += got
        }
        text = []
        var byte: UInt8 = 0
        while text.count <= maxBytes {
            let got = read(0, &byte, 1)
            if got < 0, errno == EINTR { continue }
            if got <= 0 { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: text, as: UTF8.self) }
            text.append(byte)
        }
        return nil
    }
}
