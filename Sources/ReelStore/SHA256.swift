/// SHA-256 (FIPS 180-4): the checksums of migrations and the content hash of recorded sessions.
/// Small and dependency-free: CryptoKit does not exist on Linux and Foundation has no digest API
/// there. The message is read in place, 64 bytes at a time, with the message schedule and the
/// working state in fixed-size local storage: no array is made per block or per byte.
public enum SHA256 {
    private static let roundConstants: InlineArray<64, UInt32> = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private static let initialState: InlineArray<8, UInt32> = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]

    /// The 32-byte digest of `bytes`.
    public static func digest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
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
            result += [UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                       UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return result
    }

    /// One round of the compression function over a 64-byte block.
    private static func compress(_ state: inout InlineArray<8, UInt32>, _ block: UnsafeBufferPointer<UInt8>) {
        var schedule = InlineArray<64, UInt32>(repeating: 0)
        for i in 0..<16 {
            let j = 4 * i
            schedule[i] = UInt32(block[j]) << 24 | UInt32(block[j + 1]) << 16 | UInt32(block[j + 2]) << 8 | UInt32(block[j + 3])
        }
        for i in 16..<64 {
            let s0 = rotateRight(schedule[i - 15], 7) ^ rotateRight(schedule[i - 15], 18) ^ (schedule[i - 15] >> 3)
            let s1 = rotateRight(schedule[i - 2], 17) ^ rotateRight(schedule[i - 2], 19) ^ (schedule[i - 2] >> 10)
            schedule[i] = schedule[i - 16] &+ s0 &+ schedule[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for i in 0..<64 {
            let s1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ roundConstants[i] &+ schedule[i]
            let s0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
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

    /// The digest of the UTF-8 bytes of `text`, as 64 lowercase hex digits.
    public static func hex(_ text: String) -> String {
        var text = text
        let bytes: [UInt8] = text.withUTF8 { utf8 in SHA256.digest(of: utf8) }
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
