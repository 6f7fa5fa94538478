@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport
@testable import HTTP

/// Checks the header rule on arbitrary bytes against a plain byte-by-byte reference: a value is legal
/// exactly when it holds no control byte but tab (and a name exactly when it is a non-empty token).
/// The input is tried as a value, as a name, as `--header` text (whatever `HeaderField.parse`
/// accepts must hold no CR, LF or other control byte, and pass the transport's final check), and as
/// a request for the transport's guard. Then, as a secret: once registered, no 12-byte run of it
/// may survive `SecretScrubber`.
enum HeaderValueFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let utf8 = Array(text.utf8)
        let legalValue = !utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
        precondition((HeaderCheck.problem(inValue: text) == nil) == legalValue, "value check disagrees with the bytes")
        let legalName = !utf8.isEmpty && utf8.allSatisfy(HeaderCheck.isTokenByte)
        precondition((HeaderCheck.problem(inName: text) == nil) == legalName, "name check disagrees with the bytes")

        if let header = try? HeaderField.parse(text) {
            for byte in Array(header.name.utf8) + Array(header.value.utf8) {
                precondition(byte >= 0x20 || byte == 0x09, "--header let a control byte through")
                precondition(byte != 0x7F, "--header let DEL through")
            }
            precondition(header.origin == .flag)
            do { try HeaderCheck.check(header) } catch {
                preconditionFailure("a parsed --header fails the transport's check")
            }
        }

        let request = HTTPRequest(
            url: "http://127.0.0.1:9/graphql", headers: [HeaderField(name: "X-Fuzz", value: text, origin: .server)])
        do {
            try request.checkHeaders()
            precondition(legalValue, "the transport's guard let an illegal value through")
        } catch {
            precondition(!legalValue, "the transport's guard refused a legal value")
            precondition(error.code == .badResponse, "a server's value must be refused with 76")
        }

        guard utf8.count >= SecretScrubber.window else { return }
        let scrubber = SecretScrubber()
        scrubber.register([text])
        let scrubbed = scrubber.scrub(Array("<".utf8) + utf8 + Array(">".utf8))
        let run = Array(utf8.prefix(SecretScrubber.window))
        let found =
            scrubbed.count >= run.count
            && (0...(scrubbed.count - run.count)).contains { Array(scrubbed[$0..<($0 + run.count)]) == run }
        precondition(!found, "a run of the secret survived the scrubber")
    }
}
