/// One frame as the application sees it: the masking (a client's obligation, a server's fault) and the
/// length encoding are the encoder's and the reader's business, not the caller's.
package struct WebSocketFrame: Sendable, Hashable {
    /// False on every fragment of a message but the last; control frames always have it set.
    package var fin: Bool
    package var opcode: WebSocketOpcode
    /// The unmasked application bytes.
    package var payload: [UInt8]

    package init(fin: Bool = true, opcode: WebSocketOpcode, payload: [UInt8] = []) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }
}
