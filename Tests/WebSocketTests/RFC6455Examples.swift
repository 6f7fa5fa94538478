/// The example frames of RFC 6455 §5.7, byte for byte as published (the payload bytes of the two
/// large binary examples are not given there; `pattern` fills them).
enum RFC6455Examples {
    /// A single-frame unmasked text message, "Hello".
    static let unmaskedHello: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]
    /// A single-frame masked text message, "Hello", with the masking key 37 fa 21 3d.
    static let maskedHello: [UInt8] = [0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]
    /// The masking key of the masked examples.
    static let maskingKey: [UInt8] = [0x37, 0xfa, 0x21, 0x3d]
    /// A fragmented unmasked text message: "Hel", then "lo".
    static let fragmentHel: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6c]
    static let fragmentLo: [UInt8] = [0x80, 0x02, 0x6c, 0x6f]
    /// An unmasked ping whose body is "Hello".
    static let unmaskedPing: [UInt8] = [0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]
    /// A masked pong whose body is "Hello", answering that ping.
    static let maskedPong: [UInt8] = [0x8a, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]
    /// The header of 256 bytes of binary data in a single unmasked frame.
    static let binary256Header: [UInt8] = [0x82, 0x7E, 0x01, 0x00]
    /// The header of 64 KiB of binary data in a single unmasked frame.
    static let binary65536Header: [UInt8] = [0x82, 0x7F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00]

    /// `count` bytes of a fixed pattern, for the payloads the RFC leaves open.
    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
    }

    /// "Hello" as bytes.
    static let hello: [UInt8] = Array("Hello".utf8)
}
