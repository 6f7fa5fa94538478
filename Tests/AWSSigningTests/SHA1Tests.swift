import AWSSigning
import Testing

@Suite struct SHA1Tests {
    /// FIPS 180 (the NIST example messages), and the million 'a's of FIPS 180-1 appendix C.
    @Test func fipsVectors() {
        #expect(SHA1.hash(data: Array("abc".utf8)).hexString == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(SHA1.hash(data: []).hexString == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            SHA1.hash(data: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hexString
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(
            SHA1.hash(data: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hexString
                == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test func piecesGiveTheOneShotDigest() {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let expected = SHA1.hash(data: message)
        for split in [1, 55, 56, 63, 64, 65, 128, 299] {
            var hasher = SHA1()
            hasher.update(data: message[0..<split])
            hasher.update(data: message[split...])
            #expect(hasher.finalize() == expected, "split at \(split)")
        }
    }

    /// RFC 2202 §3, all seven HMAC-SHA1 cases.
    @Test func hmacRFC2202() {
        func hmac(_ key: [UInt8], _ data: [UInt8]) -> String {
            HMAC<SHA1>.authenticationCode(for: data, using: SymmetricKey(data: key)).hexString
        }
        #expect(
            hmac([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8))
                == "b617318655057264e28bc0b6fb378c8ef146be00")
        #expect(
            hmac(Array("Jefe".utf8), Array("what do ya want for nothing?".utf8))
                == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        #expect(
            hmac([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50))
                == "125d7342b9ac11cd91a39af48aa17b4f63f175d3")
        #expect(
            hmac(Array(1...25), [UInt8](repeating: 0xcd, count: 50)) == "4c9007f4026250c6bc8414f9bf50c86c2d7235da")
        #expect(
            hmac([UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8))
                == "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04")
        #expect(
            hmac(
                [UInt8](repeating: 0xaa, count: 80),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
                == "aa4ae5e15272d00e95705637ce8a3b55ed402112")
        #expect(
            hmac(
                [UInt8](repeating: 0xaa, count: 80),
                Array("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data".utf8))
                == "e8e99d0f45237d786d6bbaa7965c7808bbff1a91")
    }
}
