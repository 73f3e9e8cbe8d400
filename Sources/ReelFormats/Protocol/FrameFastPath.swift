import ReelJSON
import ReelTrace

/// Reads one frame of an engine answer straight from the bytes into a `Frame`, without building
/// its JSON tree: the fast path of `ReplyReader` for frames written the way engines write them.
///
/// It takes only what it can decode exactly as `EngineReply.decodeFrame` would from the tree:
/// the members `t`, `progress` and `views` (views with `key`, `transform` and a member per
/// `ViewProperty` that is not a transform entry, the optional ones when given), each once,
/// never `null`, of the right type, no other member, distinct view keys. Anything else (an
/// unknown or repeated member, a `null`, a wrong type, a syntax error) makes it give up with nil,
/// and the caller reads the element again from where it started with the tree-building path,
/// which then accepts it or reports its problem exactly as before. Numbers and strings go through
/// `JSONCursor`'s own readers, so the values are bit-identical to the tree's.
///
/// ```swift
/// let start = cursor.index
/// if let frame = FrameFastPath.frame(&cursor, index: 0) { /* use it */ } else { cursor.index = start }
/// ```
enum FrameFastPath {
    /// The frame at the cursor (its `{`), with the cursor past it; nil (cursor anywhere) when the
    /// element is not of the plain shape above.
    static func frame(_ cursor: inout JSONCursor, index: Int) -> Frame? {
        guard take(UInt8(ascii: "{"), &cursor) else { return nil }
        var t: Double?
        var progress: Double?
        var views: [ViewState]?
        if take(UInt8(ascii: "}"), &cursor) { return nil }
        while true {
            guard let key = key(&cursor) else { return nil }
            switch key {
            case .t:
                guard t == nil, let value = number(&cursor) else { return nil }
                t = value
            case .progress:
                guard progress == nil, let value = number(&cursor) else { return nil }
                progress = value
            case .views:
                guard views == nil, let value = viewList(&cursor) else { return nil }
                views = value
            default: return nil
            }
            if take(UInt8(ascii: ","), &cursor) { continue }
            guard take(UInt8(ascii: "}"), &cursor) else { return nil }
            break
        }
        guard let t, let progress, let views else { return nil }
        return Frame(index: index, t: t, progress: progress, views: views)
    }

    /// The member names the fast path knows.
    private enum Key {
        case t, progress, views
        case key, transform
        case property(ViewProperty)
    }

    private static func viewList(_ cursor: inout JSONCursor) -> [ViewState]? {
        guard take(UInt8(ascii: "["), &cursor) else { return nil }
        var views: [ViewState] = []
        if take(UInt8(ascii: "]"), &cursor) { return views }
        views.reserveCapacity(8)
        while true {
            guard let view = view(&cursor) else { return nil }
            // Keys must be distinct within a frame; a repeat is reported by the tree path.
            if views.count < 32 {
                if views.contains(where: { $0.key == view.key }) { return nil }
            } else if Set(views.map(\.key)).contains(view.key) {
                return nil
            }
            views.append(view)
            if take(UInt8(ascii: ","), &cursor) { continue }
            guard take(UInt8(ascii: "]"), &cursor) else { return nil }
            return views
        }
    }

    private static func view(_ cursor: inout JSONCursor) -> ViewState? {
        guard take(UInt8(ascii: "{"), &cursor), !take(UInt8(ascii: "}"), &cursor) else { return nil }
        var fields = ViewFields()
        while true {
            guard let name = self.key(&cursor) else { return nil }
            switch name {
            case .key:
                guard fields.key == nil, cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] == UInt8(ascii: "\""),
                    let value = try? cursor.parseString()
                else { return nil }
                fields.key = value
            case .transform:
                guard fields.transform == nil, let value = affine(&cursor) else { return nil }
                fields.transform = value
            case .property(let property):
                guard !fields.has(property) else { return nil }
                switch property.plainMember {
                case .number:
                    guard let value = number(&cursor) else { return nil }
                    fields.set(property, value)
                case .integer:
                    // As `asInteger`: an integral value within 2^53.
                    guard let value = number(&cursor), value == value.rounded(.towardZero), abs(value) <= 9_007_199_254_740_992
                    else { return nil }
                    fields.set(property, value)
                case .boolean:
                    guard let value = literal(&cursor) else { return nil }
                    fields.set(property, value ? 1 : 0)
                case .transformEntry: return nil
                }
            default: return nil
            }
            if take(UInt8(ascii: ","), &cursor) { continue }
            guard take(UInt8(ascii: "}"), &cursor) else { return nil }
            break
        }
        return fields.view
    }

    private static func affine(_ cursor: inout JSONCursor) -> AffineTransform? {
        guard take(UInt8(ascii: "["), &cursor) else { return nil }
        var components = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for position in 0..<6 {
            if position > 0, !take(UInt8(ascii: ","), &cursor) { return nil }
            guard let value = number(&cursor) else { return nil }
            switch position {
            case 0: components.0 = value
            case 1: components.1 = value
            case 2: components.2 = value
            case 3: components.3 = value
            case 4: components.4 = value
            default: components.5 = value
            }
        }
        guard take(UInt8(ascii: "]"), &cursor) else { return nil }
        let (a, b, c, d, tx, ty) = components
        return AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// A member name without escapes and the `:` after it, as a `Key`; nil for any other name.
    private static func key(_ cursor: inout JSONCursor) -> Key? {
        cursor.skipWhitespace()
        let bytes = cursor.bytes
        guard cursor.index < bytes.count, bytes[cursor.index] == UInt8(ascii: "\"") else { return nil }
        let start = cursor.index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let key: Key
        switch name.count {
        case 1:
            switch name[0] {
            case UInt8(ascii: "t"): key = .t
            case UInt8(ascii: "x"): key = .property(.x)
            case UInt8(ascii: "y"): key = .property(.y)
            case UInt8(ascii: "w"): key = .property(.w)
            case UInt8(ascii: "h"): key = .property(.h)
            case UInt8(ascii: "z"): key = .property(.z)
            default: return nil
            }
        default:
            guard let named = named(name) else { return nil }
            key = named
        }
        cursor.index = end + 1
        guard take(UInt8(ascii: ":"), &cursor) else { return nil }
        cursor.skipWhitespace()
        return key
    }

    /// The longer names: the frame's and the view's own, then every view property's member.
    private static let longNames: [(name: [UInt8], key: Key)] =
        [("key", Key.key), ("transform", .transform), ("progress", .progress), ("views", .views)].map { (Array($0.0.utf8), $0.1) }
        + ViewProperty.allCases.compactMap { property in
            guard property.rawValue.utf8.count > 1, ViewProperty(member: property.rawValue) != nil else { return nil }
            return (Array(property.rawValue.utf8), .property(property))
        }

    private static func named(_ name: UnsafeBufferPointer<UInt8>) -> Key? {
        for (text, key) in longNames where text.count == name.count {
            if text.elementsEqual(name) { return key }
        }
        return nil
    }

    /// A number as `JSONCursor.parseNumber` reads it; nil for anything else.
    static func number(_ cursor: inout JSONCursor) -> Double? {
        cursor.skipWhitespace()
        guard cursor.index < cursor.bytes.count else { return nil }
        let first = cursor.bytes[cursor.index]
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
        return try? cursor.parseNumber()
    }

    /// `true` or `false`; nil for anything else.
    static func literal(_ cursor: inout JSONCursor) -> Bool? {
        let bytes = cursor.bytes
        let index = cursor.index
        if bytes.count - index >= 4, bytes[index] == UInt8(ascii: "t"), bytes[index + 1] == UInt8(ascii: "r"),
            bytes[index + 2] == UInt8(ascii: "u"), bytes[index + 3] == UInt8(ascii: "e")
        {
            cursor.index += 4
            return true
        }
        if bytes.count - index >= 5, bytes[index] == UInt8(ascii: "f"), bytes[index + 1] == UInt8(ascii: "a"),
            bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "s"), bytes[index + 4] == UInt8(ascii: "e")
        {
            cursor.index += 5
            return false
        }
        return nil
    }

    /// Skips whitespace, then takes `byte` when it comes next.
    static func take(_ byte: UInt8, _ cursor: inout JSONCursor) -> Bool {
        cursor.skipWhitespace()
        guard cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] == byte else { return false }
        cursor.index += 1
        return true
    }
}
