import ReelJSON
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes request lines for a server (`reel engine serve`, `ReelKitServer`): requests of the
/// usual shape straight from the bytes, without a JSON tree, and the scenario spec re-written
/// compactly only when its text differs from the previous request's (consecutive requests mostly
/// carry the same spec). Anything else (an unknown or repeated member, the `hello` of a process's
/// first request, a `null`, a wrong type, a syntax error) is decoded again by `EngineRequest.decode(line:)`, which accepts it or reports
/// its problem exactly as before: the result is always what that decoder gives.
///
/// ```swift
/// var decoder = RequestDecoder()
/// let request = try decoder.decode(line: bytes)
/// ```
package struct RequestDecoder {
    /// The specs of recent requests, as sent, with their re-written texts (`BoundedMemo`, an
    /// entry counted as both): a client's requests take turns among a few scenarios (a replay of
    /// all 48 catalog ones, say), and must not make a server keep 64 specs of a request line's
    /// full length.
    private(set) var recentSpecs = BoundedMemo<[UInt8], String>(byteBudget: 1 << 22, entryCap: 64)

    package init() {}

    /// The request on `line` (without its newline).
    package mutating func decode(line: UnsafeBufferPointer<UInt8>) throws(EngineProtocolError) -> EngineRequest {
        var cursor = JSONCursor(bytes: line)
        if let request = fastRequest(&cursor) { return request }
        return try EngineRequest.decode(line: Array(line))
    }

    /// The member names the fast path knows.
    private enum Member: String {
        case id, scenario, device, touches
        case refreshHz = "refresh_hz"
        case binaryTouches = "binary_touches"

        /// The member a name's bytes spell (a name without escapes): matched on the bytes, so no
        /// `String` is made per member of every request.
        init?(name: UnsafeBufferPointer<UInt8>) {
            // The names' lengths differ: the length picks the one candidate.
            let candidate: Member
            switch name.count {
            case 2: candidate = .id
            case 6: candidate = .device
            case 7: candidate = .touches
            case 8: candidate = .scenario
            case 10: candidate = .refreshHz
            case 14: candidate = .binaryTouches
            default: return nil
            }
            guard name.spells(candidate.rawValue) else { return nil }
            self = candidate
        }

        /// The member's bit in the set of members seen (a member twice leaves the fast path).
        var bit: UInt8 {
            switch self {
            case .id: 1
            case .scenario: 2
            case .device: 4
            case .touches: 8
            case .refreshHz: 16
            case .binaryTouches: 32
            }
        }
    }

    private mutating func fastRequest(_ cursor: inout JSONCursor) -> EngineRequest? {
        guard FrameFastPath.take(UInt8(ascii: "{"), &cursor) else { return nil }
        // The members seen so far, one bit each (`Member.bit`): no set of strings per request.
        var seen: UInt8 = 0
        var id: Int?
        var name: String?
        var spec: String?
        var device = GestureSession.defaultDevice
        var refreshHz = GestureSession.defaultRefreshHz
        var touches: [Touch]?
        if FrameFastPath.take(UInt8(ascii: "}"), &cursor) { return nil }
        repeat {
            guard let key = Self.bareString(&cursor), let member = Member(name: key), seen & member.bit == 0,
                FrameFastPath.take(UInt8(ascii: ":"), &cursor)
            else { return nil }
            seen |= member.bit
            switch member {
            case .id:
                guard let value = Self.integer(&cursor) else { return nil }
                id = value
            case .scenario:
                guard let scenario = scenario(&cursor) else { return nil }
                (name, spec) = scenario
            case .device:
                guard let value = Self.device(&cursor) else { return nil }
                device = value
            case .refreshHz:
                guard let value = FrameFastPath.number(&cursor) else { return nil }
                refreshHz = value
            case .touches:
                guard touches == nil, let value = Self.touches(&cursor) else { return nil }
                touches = value
            case .binaryTouches:
                guard touches == nil, let text = Self.base64String(&cursor), let value = try? BinaryTouches.read(text) else { return nil }
                touches = value
            }
        } while FrameFastPath.take(UInt8(ascii: ","), &cursor)
        guard FrameFastPath.take(UInt8(ascii: "}"), &cursor), let name, let touches else { return nil }
        cursor.skipWhitespace()
        guard cursor.index == cursor.bytes.count else { return nil }
        return EngineRequest(
            scenarioName: name, scenarioSpecJSON: spec, device: device, refreshHz: refreshHz, touches: touches, id: id)
    }

    /// `{"name": ..., "spec": {...}}`: the name and the spec's compact text (nil when absent).
    private mutating func scenario(_ cursor: inout JSONCursor) -> (String, String?)? {
        guard FrameFastPath.take(UInt8(ascii: "{"), &cursor) else { return nil }
        var name: String?
        var spec: String?
        var sawSpec = false
        repeat {
            guard let key = Self.bareString(&cursor), FrameFastPath.take(UInt8(ascii: ":"), &cursor) else { return nil }
            if name == nil, key.spells("name") {
                guard let value = Self.string(&cursor) else { return nil }
                name = value
            } else if !sawSpec, key.spells("spec") {
                sawSpec = true
                guard let value = compactSpec(&cursor) else { return nil }
                spec = value
            } else {
                return nil
            }
        } while FrameFastPath.take(UInt8(ascii: ","), &cursor)
        guard FrameFastPath.take(UInt8(ascii: "}"), &cursor), let name else { return nil }
        return (name, spec)
    }

    /// The spec object at the cursor as `EngineRequest.decode` writes it (`JSONWriter.text(of:)`),
    /// taken from the previous request when the bytes are the same.
    private mutating func compactSpec(_ cursor: inout JSONCursor) -> String? {
        cursor.skipWhitespace()
        let start = cursor.index
        guard start < cursor.bytes.count, cursor.bytes[start] == UInt8(ascii: "{") else { return nil }
        // A remembered spec's bytes at the cursor are that whole object again (a JSON value ends
        // where its text ends), so the same spec is taken without scanning it. The latest first.
        let available = cursor.bytes.count - start
        let known = recentSpecs.newest { sent, _ in
            sent.count <= available
                && sent.withUnsafeBufferPointer { memcmp(cursor.bytes.baseAddress! + start, $0.baseAddress!, $0.count) == 0 }
        }
        if let known {
            cursor.index = start + known.key.count
            return known.value
        }
        var reader = ReplyReader(cursor: cursor)
        guard (try? reader.skipValue(depth: 2)) != nil else { return nil }
        cursor = reader.cursor
        let sent = UnsafeBufferPointer(rebasing: cursor.bytes[start..<cursor.index])
        guard let value = try? JSONParser.parse(sent) else { return nil }
        let compact = JSONWriter.text(of: value)
        recentSpecs.remember(compact, for: Array(sent), bytes: sent.count + compact.utf8.count)
        return compact
    }

    private static func device(_ cursor: inout JSONCursor) -> Device? {
        guard FrameFastPath.take(UInt8(ascii: "{"), &cursor) else { return nil }
        var width: Double?
        var height: Double?
        var scale: Double?
        repeat {
            guard let key = bareString(&cursor), FrameFastPath.take(UInt8(ascii: ":"), &cursor), let value = FrameFastPath.number(&cursor)
            else { return nil }
            if width == nil, key.spells("width") {
                width = value
            } else if height == nil, key.spells("height") {
                height = value
            } else if scale == nil, key.spells("scale") {
                scale = value
            } else {
                return nil
            }
        } while FrameFastPath.take(UInt8(ascii: ","), &cursor)
        guard FrameFastPath.take(UInt8(ascii: "}"), &cursor), let width, let height, let scale else { return nil }
        return Device(width: width, height: height, scale: scale)
    }

    /// `[{"t":...,"id":...,"phase":...,"x":...,"y":...}, ...]`, each member once, no other.
    private static func touches(_ cursor: inout JSONCursor) -> [Touch]? {
        guard FrameFastPath.take(UInt8(ascii: "["), &cursor) else { return nil }
        var touches: [Touch] = []
        if FrameFastPath.take(UInt8(ascii: "]"), &cursor) { return touches }
        repeat {
            guard FrameFastPath.take(UInt8(ascii: "{"), &cursor) else { return nil }
            var t: Double?
            var id: Int?
            var phase: TouchPhase?
            var x: Double?
            var y: Double?
            repeat {
                // Member names and phases matched on their bytes: no String per touch.
                guard let name = bareString(&cursor), FrameFastPath.take(UInt8(ascii: ":"), &cursor) else { return nil }
                switch (name.count, name[0]) {
                case (1, UInt8(ascii: "t")) where t == nil: t = FrameFastPath.number(&cursor)
                case (1, UInt8(ascii: "x")) where x == nil: x = FrameFastPath.number(&cursor)
                case (1, UInt8(ascii: "y")) where y == nil: y = FrameFastPath.number(&cursor)
                case (2, UInt8(ascii: "i")) where id == nil && name[1] == UInt8(ascii: "d"): id = integer(&cursor)
                case (5, UInt8(ascii: "p")) where phase == nil && name.spells("phase"):
                    phase = bareString(&cursor).flatMap(Self.phase)
                default: return nil
                }
            } while FrameFastPath.take(UInt8(ascii: ","), &cursor)
            guard FrameFastPath.take(UInt8(ascii: "}"), &cursor), let t, let id, let phase, let x, let y else { return nil }
            touches.append(Touch(t: t, id: id, phase: phase, x: x, y: y))
        } while FrameFastPath.take(UInt8(ascii: ","), &cursor)
        guard FrameFastPath.take(UInt8(ascii: "]"), &cursor) else { return nil }
        return touches
    }

    /// An integral number within 2^53, as `JSONValue.asInteger` takes it.
    private static func integer(_ cursor: inout JSONCursor) -> Int? {
        guard let value = FrameFastPath.number(&cursor), value == value.rounded(.towardZero), abs(value) <= 9_007_199_254_740_992
        else { return nil }
        return Int(value)
    }

    /// A string without escapes at the cursor, as its bytes (past its closing quote); nil for
    /// anything else, an empty string included.
    private static func bareString(_ cursor: inout JSONCursor) -> UnsafeBufferPointer<UInt8>? {
        cursor.skipWhitespace()
        let bytes = cursor.bytes
        guard cursor.index < bytes.count, bytes[cursor.index] == UInt8(ascii: "\"") else { return nil }
        let start = cursor.index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        guard end < bytes.count, end > start, bytes[end] == UInt8(ascii: "\"") else { return nil }
        cursor.index = end + 1
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The text of a string that should be base64url, up to the next quote (found by memchr, not
    /// byte by byte): no character of the alphabet is a quote, a backslash or a control character,
    /// so a text that decodes is the whole string; one that does not (an escape, say) fails the
    /// decoding, and the request is read again as a tree.
    private static func base64String(_ cursor: inout JSONCursor) -> UnsafeBufferPointer<UInt8>? {
        cursor.skipWhitespace()
        let bytes = cursor.bytes
        guard cursor.index < bytes.count, bytes[cursor.index] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
        let start = cursor.index + 1
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\"")), bytes.count - start) else { return nil }
        let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        cursor.index = end + 1
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The touch phase named by `name`'s bytes.
    private static func phase(_ name: UnsafeBufferPointer<UInt8>) -> TouchPhase? {
        for phase in [TouchPhase.moved, .stationary, .began, .ended, .cancelled] where name.spells(phase.rawValue) {
            return phase
        }
        return nil
    }

    private static func string(_ cursor: inout JSONCursor) -> String? {
        cursor.skipWhitespace()
        guard cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] == UInt8(ascii: "\"") else { return nil }
        return try? cursor.parseString()
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether these bytes are exactly `word`'s UTF-8: the lengths, then one `memcmp` (the generic
    /// `elementsEqual` over a `String.UTF8View` cost a few hundred instructions a name).
    fileprivate func spells(_ word: String) -> Bool {
        word.utf8.withContiguousStorageIfAvailable { word in
            word.count == count && (count == 0 || memcmp(word.baseAddress!, baseAddress!, count) == 0)
        } ?? elementsEqual(word.utf8)
    }
}
