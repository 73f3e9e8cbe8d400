/// SHA-256 (FIPS 180-4): the checksums of migrations and the content hash of recorded sessions.
/// Hand-written so that ReelTrace, which every module imports, depends on nothing. CryptoKit does
/// not exist on Linux, but swift-crypto does, and its `SHA256` is faster: 5-6x on this project's
/// machine (64 MiB in one message and in 3,000-byte messages, release builds, one run side by side).
/// Kept, for a measured reason (issue 35, docs/history/PERFORMANCE.md "SHA-256: hand-written, measured"):
/// hashing is 5.5% of `reel record`'s instructions (callgrind, 500 nav.interactive-pop sessions,
/// release), so swift-crypto would save at most about 4.6% of recording, while its release build
/// (BoringSSL's C sources) costs 147 s of CPU, almost doubling the 164 s of `reel`'s lean release
/// build that `tools/demo` waits for. The message is read in place, 64 bytes at a time, with the
/// message schedule and the working state in fixed-size local storage: no array is made per block or
/// per byte.
package enum SHA256 {
    private static let roundConstants: InlineArray<64, UInt32> = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private static let initialState: InlineArray<8, UInt32> = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// The 32-byte digest of `bytes`.
    package static func digest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(of: $0) }) { return digest }
        return Array(bytes).withUnsafeBufferPointer { digest(of: $0) }
    }

    private static func digest(of message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var state = initialState
        let fullBlocks = message.count / 64
        for block in 0..<fullBlocks {
            compress(&state, UnsafeBufferPointer(rebasing: message[(block * 64)..<(block * 64 + 64)]))
        }
        // The rest, the 0x80 byte, zeros, and the bit length: one or two more blocks.
        var tail = InlineArray<128, UInt8>(repeating: 0)
        let rest = message.count - fullBlocks * 64
        for i in 0..<rest { tail[i] = message[fullBlocks * 64 + i] }
        tail[rest] = 0x80
        let tailLength = rest < 56 ? 64 : 128
        let bitLength = UInt64(message.count) &* 8
        for i in 0..<8 { tail[tailLength - 1 - i] = UInt8(truncatingIfNeeded: bitLength >> UInt64(8 * i)) }
        withUnsafeBytes(of: &tail) { raw in
            let tailBytes = raw.bindMemory(to: UInt8.self)
            compress(&state, UnsafeBufferPointer(rebasing: tailBytes[0..<64]))
            if tailLength == 128 { compress(&state, UnsafeBufferPointer(rebasing: tailBytes[64..<128])) }
        }
        var result: [UInt8] = []
        result.reserveCapacity(32)
        for i in 0..<8 {
            let word = state[i]
            result += [
                UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
            ]
        }
        return result
    }

    /// The compression function over one 64-byte block. The message schedule is kept as a ring of
    /// its last 16 words, computed as the rounds need them, and the rounds run eight at a time with
    /// the working variables passed in rotated order, so no round shuffles all eight of them. The
    /// first 16 rounds use the block's words as they are; only the 48 after them extend the
    /// schedule, so no round asks which kind it is.
    private static func compress(_ state: inout InlineArray<8, UInt32>, _ block: UnsafeBufferPointer<UInt8>) {
        let raw = UnsafeRawBufferPointer(block)
        var schedule = InlineArray<16, UInt32>(repeating: 0)
        for i in 0..<16 {
            schedule[i] = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        var i = 0
        while i < 16 {
            round(a, b, c, &d, e, f, g, &h, i, schedule[i])
            round(h, a, b, &c, d, e, f, &g, i + 1, schedule[i + 1])
            round(g, h, a, &b, c, d, e, &f, i + 2, schedule[i + 2])
            round(f, g, h, &a, b, c, d, &e, i + 3, schedule[i + 3])
            round(e, f, g, &h, a, b, c, &d, i + 4, schedule[i + 4])
            round(d, e, f, &g, h, a, b, &c, i + 5, schedule[i + 5])
            round(c, d, e, &f, g, h, a, &b, i + 6, schedule[i + 6])
            round(b, c, d, &e, f, g, h, &a, i + 7, schedule[i + 7])
            i += 8
        }
        while i < 64 {
            round(a, b, c, &d, e, f, g, &h, i, nextWord(i, &schedule))
            round(h, a, b, &c, d, e, f, &g, i + 1, nextWord(i + 1, &schedule))
            round(g, h, a, &b, c, d, e, &f, i + 2, nextWord(i + 2, &schedule))
            round(f, g, h, &a, b, c, d, &e, i + 3, nextWord(i + 3, &schedule))
            round(e, f, g, &h, a, b, c, &d, i + 4, nextWord(i + 4, &schedule))
            round(d, e, f, &g, h, a, b, &c, i + 5, nextWord(i + 5, &schedule))
            round(c, d, e, &f, g, h, a, &b, i + 6, nextWord(i + 6, &schedule))
            round(b, c, d, &e, f, g, h, &a, i + 7, nextWord(i + 7, &schedule))
            i += 8
        }
        state[0] = state[0] &+ a
        state[1] = state[1] &+ b
        state[2] = state[2] &+ c
        state[3] = state[3] &+ d
        state[4] = state[4] &+ e
        state[5] = state[5] &+ f
        state[6] = state[6] &+ g
        state[7] = state[7] &+ h
    }

    /// Schedule word `i` (16 <= i < 64), put in the ring in place of word `i - 16`.
    @inline(__always)
    private static func nextWord(_ i: Int, _ schedule: inout InlineArray<16, UInt32>) -> UInt32 {
        let w15 = schedule[(i - 15) & 15]
        let w2 = schedule[(i - 2) & 15]
        let s0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 &>> 3)
        let s1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 &>> 10)
        let word = schedule[i & 15] &+ s0 &+ schedule[(i - 7) & 15] &+ s1
        schedule[i & 15] = word
        return word
    }

    /// Round `i` with schedule word `word`: adds the round's sum to `d` and makes `h` the next `a`
    /// (the caller rotates the names). Ch(e, f, g) is written `g ^ (e & (f ^ g))` and Maj(a, b, c)
    /// `(a & b) | (c & (a | b))`, FIPS 180-4's functions with fewer operations.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
        _ h: inout UInt32, _ i: Int, _ word: UInt32
    ) {
        let s1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
        let choice = g ^ (e & (f ^ g))
        let t1 = h &+ s1 &+ choice &+ roundConstants[i] &+ word
        let s0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
        let majority = (a & b) | (c & (a | b))
        d = d &+ t1
        h = t1 &+ s0 &+ majority
    }

    /// The digest of the UTF-8 bytes of `text`, as 64 lowercase hex digits.
    package static func hex(_ text: String) -> String {
        var text = text
        return text.withUTF8 { hex(digest(of: $0)) }
    }

    /// The digest of `bytes`, as 64 lowercase hex digits.
    package static func hex(of bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { hex(digest(of: $0)) }
    }

    private static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    @inline(__always)
    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value &>> count) | (value &<< (32 &- count))
    }
}
