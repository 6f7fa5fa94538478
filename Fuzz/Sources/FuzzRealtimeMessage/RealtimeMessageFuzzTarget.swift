import JSON

@testable import GQLPatchClient

/// Decodes arbitrary text as a message of AppSync's real-time endpoint: it must never crash, and a
/// message with an id (`start_ack`, `data`, `complete`) keeps the id the text gave.
enum RealtimeMessageFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let message = RealtimeMessage.decode(text) else { return }
        let id = (try? JSONValue.parse(text))?["id"]?.stringValue
        switch message {
        case .startAck(let got), .data(let got, _), .complete(let got):
            precondition(got == id, "the id changed")
        case .connectionAck, .connectionError, .keepAlive, .error, .other:
            break
        }
    }
}
