import ReelJSON
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one engine process's answers repeat, kept from one answer to the next so that it is read
/// once: the `engine` member (the same name and version in every answer) and the outcome's
/// `hierarchy` (the same few final hierarchies for the sessions of a scenario, finished or
/// cancelled: the last `hierarchyCapacity` are kept). A member whose bytes are exactly those of a remembered one is that member again, its tree never built; any other is
/// read as always and remembered. The answers decode exactly as without a memo.
///
/// ```swift
/// var memo = ReplyMemo()
/// for line in answers { let answer = try EngineReply.decodeAnswerAndForm(line: line, memo: &memo) }
/// ```
package struct ReplyMemo {
    /// The bytes of the last `engine` object whose name and version were strings, and those.
    var engineText: [UInt8] = []
    var engineName = ""
    var engineVersion = ""
    /// Recent `hierarchy` objects read, by their bytes, with their compact texts (`BoundedMemo`,
    /// an entry counted as its bytes and its text): a scenario's sessions end in a few final
    /// hierarchies (finished, cancelled), and sessions may take turns among scenarios. The budget
    /// keeps an engine's answers from making Reel hold 64 hierarchies of
    /// `EngineReplyLimits.maxMemberBytes`.
    private(set) var hierarchies = BoundedMemo<[UInt8], String>(
        byteBudget: 4 * EngineReplyLimits.maxMemberBytes, entryCap: 64)

    /// Remembers a hierarchy read (`BoundedMemo`'s policy).
    mutating func remember(hierarchy bytes: [UInt8], text: String) {
        hierarchies.remember(text, for: bytes, bytes: bytes.count + text.utf8.count)
    }
    /// Whether an answer's frames (plain or binary) are read as `FrameColumns` (`EngineResponse.packedFrames`,
    /// its trace then without frames) for a reader that compares them and needs no `Frame`.
    package var packsFrames = false
    /// The view keys and event texts of the last binary answer read (`BinaryTexts`).
    var binaryTexts = BinaryTexts()

    package init() {}

    /// Moves past the bytes at the cursor when they are exactly `remembered` (a whole JSON object
    /// read before: an object ends at its own closing brace, so the same bytes are the same value).
    static func take(_ remembered: [UInt8], _ cursor: inout JSONCursor) -> Bool {
        let bytes = cursor.bytes
        guard !remembered.isEmpty, bytes.count - cursor.index >= remembered.count else { return false }
        let same = remembered.withUnsafeBufferPointer { remembered in
            memcmp(bytes.baseAddress! + cursor.index, remembered.baseAddress!, remembered.count) == 0
        }
        if same { cursor.index += remembered.count }
        return same
    }

    /// Remembers the `engine` object `bytes` when its name and version are strings.
    mutating func remember(engine value: JSONValue, bytes: UnsafeBufferPointer<UInt8>) {
        guard case .object = value, case .string(let name)? = value["name"], case .string(let version)? = value["version"] else {
            return
        }
        engineText = Array(bytes)
        engineName = name
        engineVersion = version
    }

    /// An `outcome` object of `completed`, `t` and an object `hierarchy` (each at most once, in any
    /// order, no whitespace), read without a tree of the whole: the hierarchy's bytes compared with
    /// the remembered ones. Nil, the cursor anywhere, for anything else (a `decision`, a member the
    /// protocol does not know, whitespace, an error): the caller reads it as a tree from its start.
    mutating func outcome(_ cursor: inout JSONCursor) -> Outcome? {
        let start = cursor.index
        guard FrameFastPath.take(UInt8(ascii: "{"), &cursor) else { return nil }
        var completed: Bool?
        var t: Double?
        var hierarchy: String?
        repeat {
            guard let key = Self.key(&cursor) else { return nil }
            switch key {
            case .completed:
                guard completed == nil, let value = FrameFastPath.literal(&cursor) else { return nil }
                completed = value
            case .t:
                guard t == nil, let value = FrameFastPath.number(&cursor) else { return nil }
                t = value
            case .hierarchy:
                guard hierarchy == nil, cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] == UInt8(ascii: "{") else {
                    return nil
                }
                if let known = hierarchies.newest(where: { bytes, _ in Self.take(bytes, &cursor) }) {
                    hierarchy = known.value
                } else {
                    let valueStart = cursor.index
                    guard let value = try? cursor.parseValue(depth: 2) else { return nil }
                    let text = JSONWriter.text(of: value)
                    remember(hierarchy: Array(UnsafeBufferPointer(rebasing: cursor.bytes[valueStart..<cursor.index])), text: text)
                    hierarchy = text
                }
            }
        } while FrameFastPath.take(UInt8(ascii: ","), &cursor)
        guard FrameFastPath.take(UInt8(ascii: "}"), &cursor), let completed, let t,
            cursor.index - start <= EngineReplyLimits.maxMemberBytes
        else { return nil }
        return Outcome(completed: completed, t: t, hierarchy: hierarchy ?? "")
    }

    private enum OutcomeKey {
        case completed, t, hierarchy
    }

    /// `"completed":`, `"t":` or `"hierarchy":` (no escapes, no whitespace); nil for any other.
    private static func key(_ cursor: inout JSONCursor) -> OutcomeKey? {
        let bytes = cursor.bytes
        func matches(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - cursor.index >= count else { return false }
            return memcmp(bytes.baseAddress! + cursor.index, text.utf8Start, count) == 0
        }
        let key: OutcomeKey
        let length: Int
        if matches(#""t":"#) {
            (key, length) = (.t, 4)
        } else if matches(#""completed":"#) {
            (key, length) = (.completed, 12)
        } else if matches(#""hierarchy":"#) {
            (key, length) = (.hierarchy, 12)
        } else {
            return nil
        }
        cursor.index += length
        return key
    }
}
