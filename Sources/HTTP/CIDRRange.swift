/// An IPv4 range in CIDR notation (`10.0.0.0/8`), for `no_proxy`. IPv6 ranges are not read: a
/// `no_proxy` entry gqlpatch cannot read counts as not bypassing the proxy (the cautious side).
package struct CIDRRange: Sendable, Hashable {
    package var base: UInt32
    package var bits: Int

    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let address = Self.ipv4(String(parts[0])), let bits = Int(parts[1]),
            (0...32).contains(bits)
        else { return nil }
        self.base = address
        self.bits = bits
    }

    package func contains(_ address: UInt32) -> Bool {
        guard bits > 0 else { return true }
        let mask = UInt32.max << (32 - bits)
        return address & mask == base & mask
    }

    /// A dotted-quad IPv4 address as a number; nil for anything else.
    package static func ipv4(_ text: String) -> UInt32? {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var value: UInt32 = 0
        for octet in octets {
            guard !octet.isEmpty, octet.allSatisfy(\.isASCII), let byte = UInt8(octet) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }
}
