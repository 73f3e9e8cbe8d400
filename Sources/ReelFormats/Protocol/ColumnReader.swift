import ReelJSON
import ReelTrace

/// Reads the `columns` form of an answer (`ReplyEncoding`, docs/PROTOCOL.md "Column answers")
/// straight from the bytes into frames and events, without a JSON tree.
///
/// Every bound of the plain form holds: at most `EngineReplyLimits.maxFrames` frames and
/// `maxEvents` events, at most `maxDecodedBytes` decoded (`DecodedSize`) (checked from the layout
/// before any view is built, so a short line cannot make Reel build a huge trace), frames in time
/// order, distinct view keys, event names within `maxDistinctEventNames`. Members come in the
/// documented order where later ones depend on earlier ones (`count` first; `layout` before
/// `views`; `texts` before `kind`, `subject`, `detail`), so every column's length is known before
/// it is read and a run can never expand past it. Unknown members are checked and skipped.
/// Any problem is thrown as a `JSONFieldError` naming the member, e.g.
/// `field "frame_columns.views[1].y" holds 12 values, not 40`.
extension ReplyReader {
    /// The frames of a `frame_columns` object at the cursor.
    mutating func readFrameColumns() throws(JSONFieldError) -> [Frame] {
        let path = "frame_columns"
        try expect(UInt8(ascii: "{"), path)
        guard try memberName(path) == "count" else { throw fieldError("field \"\(path).count\" must come first") }
        let count = try integer("\(path).count")
        guard count >= 0, count <= EngineReplyLimits.maxFrames else {
            throw fieldError(
                "field \"\(path).count\": \(count) frames is not 0 to \(EngineReplyLimits.maxFrames) (EngineReplyLimits.maxFrames)")
        }
        try chargeColumns(count, each: DecodedSize.frameBytes, "frames", "\(path).count")
        var times: [Double]?
        var progress: [Double]?
        var layout: [(run: Int, views: [Int])]?
        var perView: [Int] = []
        var views: [ViewColumns]?
        while try nextMember(path) {
            let name = try memberName(path)
            switch name {
            case "t": times = try numberColumn(count: count, "\(path).t")
            case "progress": progress = try numberColumn(count: count, "\(path).progress")
            case "layout":
                (layout, perView) = try readLayout(count: count, "\(path).layout")
            case "views":
                guard layout != nil else { throw fieldError("field \"\(path).layout\" must come before \"views\"") }
                views = try readViews(perView: perView, "\(path).views")
            default:
                do throws(JSONParseError) { try skipValue(depth: 2) } catch {
                    throw fieldError("field \"\(path).\(name)\": \(error.reason)")
                }
            }
        }
        guard let times else { throw fieldError("missing field \"\(path).t\"") }
        guard let progress else { throw fieldError("missing field \"\(path).progress\"") }
        guard let layout else { throw fieldError("missing field \"\(path).layout\"") }
        guard let views else { throw fieldError("missing field \"\(path).views\"") }
        guard views.count >= perView.count else {
            throw fieldError("field \"\(path).layout\" names view \(perView.count - 1), but \"views\" holds \(views.count)")
        }
        var taken = [Int](repeating: 0, count: views.count)
        var frames: [Frame] = []
        frames.reserveCapacity(count)
        var rule = FrameTimeRule()
        for (run, members) in layout {
            for _ in 0..<run {
                var states: [ViewState] = []
                states.reserveCapacity(members.count)
                for viewIndex in members {
                    states.append(views[viewIndex].state(at: taken[viewIndex]))
                    taken[viewIndex] += 1
                }
                let index = frames.count
                let frame = Frame(index: index, t: times[index], progress: progress[index], views: states)
                try rule.check(frame)
                frames.append(frame)
            }
        }
        return frames
    }

    /// The events of an `event_columns` object at the cursor.
    mutating func readEventColumns() throws(JSONFieldError) -> [TraceEvent] {
        let path = "event_columns"
        try expect(UInt8(ascii: "{"), path)
        guard try memberName(path) == "count" else { throw fieldError("field \"\(path).count\" must come first") }
        let count = try integer("\(path).count")
        guard count >= 0, count <= EngineReplyLimits.maxEvents else {
            throw fieldError(
                "field \"\(path).count\": \(count) events is not 0 to \(EngineReplyLimits.maxEvents) (EngineReplyLimits.maxEvents)")
        }
        try chargeColumns(count, each: DecodedSize.eventBytes, "events", "\(path).count")
        var texts: [String]?
        var times: [Double]?
        var kinds: [Int]?
        var subjects: [Int]?
        var details: [Int]?
        while try nextMember(path) {
            let name = try memberName(path)
            switch name {
            case "texts": texts = try readTexts("\(path).texts")
            case "t": times = try numberColumn(count: count, "\(path).t")
            case "kind", "subject", "detail":
                guard let texts else { throw fieldError("field \"\(path).texts\" must come before \"\(name)\"") }
                let field = "\(path).\(name)"
                let column = try column(count: count, field) { (reader) throws(JSONFieldError) -> Int in
                    let index = try reader.integer(field)
                    guard index >= 0, index < texts.count else {
                        throw reader.fieldError("field \"\(field)\": text \(index) is not one of the \(texts.count) texts")
                    }
                    return index
                }
                switch name {
                case "kind": kinds = column
                case "subject": subjects = column
                default: details = column
                }
            default:
                do throws(JSONParseError) { try skipValue(depth: 2) } catch {
                    throw fieldError("field \"\(path).\(name)\": \(error.reason)")
                }
            }
        }
        guard let texts else { throw fieldError("missing field \"\(path).texts\"") }
        guard let times else { throw fieldError("missing field \"\(path).t\"") }
        guard let kinds else { throw fieldError("missing field \"\(path).kind\"") }
        guard let subjects else { throw fieldError("missing field \"\(path).subject\"") }
        guard let details else { throw fieldError("missing field \"\(path).detail\"") }
        var events: [TraceEvent] = []
        events.reserveCapacity(count)
        // A name depends only on the three texts, so there are at most as many names as distinct
        // triples of indices: the names themselves are worked out only when the triples pass the
        // limit, and no triple is counted when the events themselves are within it.
        let mayPassLimit = count > EngineReplyLimits.maxDistinctEventNames
        var triples = Set<TextTriple>()
        var names: Set<EventNameKey>?
        for index in 0..<count {
            let event = TraceEvent(
                t: times[index], kind: texts[kinds[index]], subject: texts[subjects[index]], detail: texts[details[index]])
            if mayPassLimit, triples.insert(TextTriple(kind: kinds[index], subject: subjects[index], detail: details[index])).inserted,
                triples.count > EngineReplyLimits.maxDistinctEventNames
            {
                if names == nil {
                    names = Set(events.map(EventNameKey.init))
                }
                if names!.insert(EventNameKey(event)).inserted, names!.count > EngineReplyLimits.maxDistinctEventNames {
                    throw fieldError(
                        "field \"\(path).detail\": more than \(EngineReplyLimits.maxDistinctEventNames) distinct event names in one "
                            + "trace (EngineReplyLimits.maxDistinctEventNames)")
                }
            }
            events.append(event)
        }
        return events
    }

    // MARK: Members

    /// `[[RUN, [VIEW, ...]], ...]`: runs of frames holding the same views; the runs must add up to
    /// `count`, the views of a run be distinct, and all frames together hold at most
    /// `EngineReplyLimits.maxDecodedBytes` decoded. Returns the runs and how many frames hold each view.
    private mutating func readLayout(count: Int, _ path: String) throws(JSONFieldError) -> ([(run: Int, views: [Int])], [Int]) {
        var runs: [(run: Int, views: [Int])] = []
        var perView: [Int] = []
        var frames = 0
        var states = 0
        try expect(UInt8(ascii: "["), path)
        var first = true
        while try nextElement(path, first: &first) {
            let item = "\(path)[\(runs.count)]"
            try expect(UInt8(ascii: "["), item)
            let run = try integer(item + "[0]")
            guard run >= 1, run <= count - frames else {
                throw fieldError("field \"\(item)[0]\": a run of \(run) frames does not fit the \(count) frames")
            }
            try expect(UInt8(ascii: ","), item)
            try expect(UInt8(ascii: "["), item + "[1]")
            var members: [Int] = []
            var firstView = true
            while try nextElement(item + "[1]", first: &firstView) {
                let viewIndex = try integer(item + "[1]")
                guard viewIndex >= 0, viewIndex < Self.maxViewsPerFrame else {
                    throw fieldError("field \"\(item)[1]\": view \(viewIndex) is out of range (0 to \(Self.maxViewsPerFrame - 1))")
                }
                guard !members.contains(viewIndex) else { throw fieldError("field \"\(item)[1]\": view \(viewIndex) twice in one frame") }
                members.append(viewIndex)
            }
            try expect(UInt8(ascii: "]"), item)
            states += run * members.count
            try chargeColumns(run * members.count, each: DecodedSize.viewStateBytes, "views of this run", item)
            for viewIndex in members {
                while perView.count <= viewIndex { perView.append(0) }
                perView[viewIndex] += run
            }
            frames += run
            runs.append((run, members))
        }
        guard frames == count else { throw fieldError("field \"\(path)\": the runs hold \(frames) frames, not \(count)") }
        return (runs, perView)
    }

    /// The most views one frame may name in a layout (a frame of the plain form is bounded by the line).
    static let maxViewsPerFrame = 1 << 16

    private mutating func readViews(perView: [Int], _ path: String) throws(JSONFieldError) -> [ViewColumns] {
        var views: [ViewColumns] = []
        var keys = Set<String>()
        try expect(UInt8(ascii: "["), path)
        var first = true
        while try nextElement(path, first: &first) {
            let item = "\(path)[\(views.count)]"
            guard views.count < perView.count else { throw fieldError("field \"\(item)\": no frame of the layout holds this view") }
            let count = perView[views.count]
            var view = ViewColumns()
            var key: String?
            try expect(UInt8(ascii: "{"), item)
            var firstMember = true
            while try nextMember(item, first: &firstMember) {
                let name = try memberName(item)
                let field = "\(item).\(name)"
                switch name {
                case "key": key = try string(field)
                case "z": view.z = try column(count: count, field) { (reader) throws(JSONFieldError) in try reader.integer(field) }
                case "hidden": view.hidden = try column(count: count, field) { (reader) throws(JSONFieldError) in try reader.bool(field) }
                default:
                    guard let column = ViewColumn.named(name) else {
                        do throws(JSONParseError) { try skipValue(depth: 4) } catch {
                            throw fieldError("field \"\(field)\": \(error.reason)")
                        }
                        continue
                    }
                    view.numbers[column.position] = try numberColumn(count: count, field)
                }
            }
            guard let key else { throw fieldError("missing field \"\(item).key\"") }
            guard keys.insert(key).inserted else { throw fieldError("field \"\(item).key\": a second view \(JSONString.quoted(key))") }
            view.key = key
            for column in ViewColumn.allCases where !column.isOptional && view.numbers[column.position].isEmpty && count > 0 {
                throw fieldError("missing field \"\(item).\(column.name)\"")
            }
            if count > 0 {
                guard !view.z.isEmpty else { throw fieldError("missing field \"\(item).z\"") }
                guard !view.hidden.isEmpty else { throw fieldError("missing field \"\(item).hidden\"") }
            }
            views.append(view)
        }
        return views
    }

    private mutating func readTexts(_ path: String) throws(JSONFieldError) -> [String] {
        var texts: [String] = []
        try expect(UInt8(ascii: "["), path)
        var first = true
        while try nextElement(path, first: &first) {
            try chargeColumns(1, each: DecodedSize.textBytes, "more event text", "\(path)[\(texts.count)]")
            texts.append(try string("\(path)[\(texts.count)]"))
        }
        return texts
    }

    // MARK: Columns

    private mutating func numberColumn(count: Int, _ field: String) throws(JSONFieldError) -> [Double] {
        try column(count: count, field) { (reader) throws(JSONFieldError) in try reader.number(field) }
    }

    /// `[item, ...]` of exactly `count` values: an item is a value, or `[value, n]` for n >= 1 equal values.
    private mutating func column<Value>(
        count: Int, _ field: String, _ value: (inout ReplyReader) throws(JSONFieldError) -> Value
    ) throws(JSONFieldError) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        try expect(UInt8(ascii: "["), field)
        var first = true
        while try nextElement(field, first: &first) {
            if peek == UInt8(ascii: "[") {
                cursor.index += 1
                let repeated = try value(&self)
                try expect(UInt8(ascii: ","), field)
                let run = try integer(field)
                guard run >= 1, run <= count - values.count else {
                    throw fieldError("field \"\(field)\" holds more than \(count) values")
                }
                values.append(contentsOf: repeatElement(repeated, count: run))
                try expect(UInt8(ascii: "]"), field)
            } else {
                guard values.count < count else { throw fieldError("field \"\(field)\" holds more than \(count) values") }
                values.append(try value(&self))
            }
        }
        guard values.count == count else { throw fieldError("field \"\(field)\" holds \(values.count) values, not \(count)") }
        return values
    }

    // MARK: Scanning

    private var peek: UInt8? {
        mutating get {
            cursor.skipWhitespace()
            return cursor.index < cursor.bytes.count ? cursor.bytes[cursor.index] : nil
        }
    }

    private mutating func expect(_ byte: UInt8, _ field: @autoclosure () -> String) throws(JSONFieldError) {
        guard peek == byte else {
            throw fieldError("field \"\(field())\": expected '\(Character(Unicode.Scalar(byte)))' at column \(cursor.index + 1)")
        }
        cursor.index += 1
    }

    /// Before a member of an object whose `{` (or a member) was read: true when one follows (its
    /// comma taken), false at the closing `}` (taken).
    private mutating func nextMember(_ field: @autoclosure () -> String) throws(JSONFieldError) -> Bool {
        switch peek {
        case UInt8(ascii: ","):
            cursor.index += 1
            return true
        case UInt8(ascii: "}"):
            cursor.index += 1
            return false
        default: throw fieldError("field \"\(field())\": expected ',' or '}' at column \(cursor.index + 1)")
        }
    }

    /// Before a member of an object whose `{` alone was read: as `nextMember(_:)`, without a comma before the first.
    private mutating func nextMember(_ field: @autoclosure () -> String, first: inout Bool) throws(JSONFieldError) -> Bool {
        guard first else { return try nextMember(field()) }
        first = false
        if peek == UInt8(ascii: "}") {
            cursor.index += 1
            return false
        }
        return true
    }

    /// Before an element of an array whose `[` was read: true when one follows, false at `]` (taken).
    private mutating func nextElement(_ field: @autoclosure () -> String, first: inout Bool) throws(JSONFieldError) -> Bool {
        if first {
            first = false
            if peek == UInt8(ascii: "]") {
                cursor.index += 1
                return false
            }
            return true
        }
        switch peek {
        case UInt8(ascii: ","):
            cursor.index += 1
            return true
        case UInt8(ascii: "]"):
            cursor.index += 1
            return false
        default: throw fieldError("field \"\(field())\": expected ',' or ']' at column \(cursor.index + 1)")
        }
    }

    /// `"name":`, the name as text.
    private mutating func memberName(_ field: @autoclosure () -> String) throws(JSONFieldError) -> String {
        let name = try string(field())
        try expect(UInt8(ascii: ":"), field())
        return name
    }

    private mutating func string(_ field: @autoclosure () -> String) throws(JSONFieldError) -> String {
        guard peek == UInt8(ascii: "\"") else { throw fieldError("field \"\(field())\" must be a string") }
        do throws(JSONParseError) {
            return try cursor.parseString()
        } catch {
            throw fieldError("field \"\(field())\": \(error.reason)")
        }
    }

    private mutating func number(_ field: @autoclosure () -> String) throws(JSONFieldError) -> Double {
        guard let first = peek, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw fieldError("field \"\(field())\" must hold numbers")
        }
        do throws(JSONParseError) {
            return try cursor.parseNumber()
        } catch {
            throw fieldError("field \"\(field())\": \(error.reason)")
        }
    }

    /// An integral number within 2^53, as `JSONValue.asInteger` takes it.
    private mutating func integer(_ field: @autoclosure () -> String) throws(JSONFieldError) -> Int {
        if let value = plainInteger() { return value }
        let value = try number(field())
        guard value == value.rounded(.towardZero), abs(value) <= 9_007_199_254_740_992 else {
            throw fieldError("field \"\(field())\" must hold integers, not \(JSONWriter.format(value))")
        }
        return Int(value)
    }

    /// The integer at the cursor when it is written plainly, as most indices and counts are: an
    /// optional "-", then "0" or 1 to 15 digits not starting with 0, not followed by a fraction,
    /// an exponent or another digit. Read from its digits (what `parseNumber` would give, without
    /// going through a Double); nil for anything else, the cursor left where it was.
    private mutating func plainInteger() -> Int? {
        guard let first = peek else { return nil }
        let bytes = cursor.bytes
        var index = cursor.index
        let negative = first == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value = 0
        while index < bytes.count, index - start < 16, bytes[index] &- UInt8(ascii: "0") < 10 {
            value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits >= 1, digits <= 15, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count {
            let next = bytes[index]
            guard next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E"), next &- UInt8(ascii: "0") >= 10
            else { return nil }
        }
        cursor.index = index
        return negative ? -value : value
    }

    private mutating func bool(_ field: @autoclosure () -> String) throws(JSONFieldError) -> Bool {
        let bytes = cursor.bytes
        let index = cursor.index
        switch peek {
        case UInt8(ascii: "t")
        where bytes.count - index >= 4 && bytes[index + 1] == UInt8(ascii: "r")
            && bytes[index + 2] == UInt8(ascii: "u") && bytes[index + 3] == UInt8(ascii: "e"):
            cursor.index += 4
            return true
        case UInt8(ascii: "f")
        where bytes.count - index >= 5 && bytes[index + 1] == UInt8(ascii: "a")
            && bytes[index + 2] == UInt8(ascii: "l") && bytes[index + 3] == UInt8(ascii: "s") && bytes[index + 4] == UInt8(ascii: "e"):
            cursor.index += 5
            return false
        default: throw fieldError("field \"\(field())\" must hold booleans")
        }
    }

    private func fieldError(_ reason: String) -> JSONFieldError { JSONFieldError(reason: reason) }

    /// Charges `count` decoded items of `each` bytes to the answer's `columnsSize`, refusing the
    /// answer at `field` when they pass `EngineReplyLimits.maxDecodedBytes`.
    private mutating func chargeColumns(_ count: Int, each: Int, _ what: String, _ field: @autoclosure () -> String) throws(JSONFieldError)
    {
        guard columnsSize.add(count, each: each) else { throw fieldError("field \"\(field())\": \(columnsSize.problem(count, what))") }
    }
}

/// The texts of one event, as indices into `event_columns.texts`.
private struct TextTriple: Hashable {
    let kind: Int
    let subject: Int
    let detail: Int
}

/// One view's columns while a `frame_columns` object is read: 14 number columns (`ViewColumn`
/// order; the optional ones empty when absent, meaning +0), `z` and `hidden`.
struct ViewColumns {
    var key = ""
    var numbers = [[Double]](repeating: [], count: ViewColumn.allCases.count)
    var z: [Int] = []
    var hidden: [Bool] = []

    func state(at place: Int) -> ViewState {
        func value(_ column: ViewColumn) -> Double {
            let values = numbers[column.position]
            return values.isEmpty ? 0 : values[place]
        }
        return ViewState(
            key: key, x: value(.x), y: value(.y), w: value(.w), h: value(.h), alpha: value(.alpha),
            transform: AffineTransform(a: value(.a), b: value(.b), c: value(.c), d: value(.d), tx: value(.tx), ty: value(.ty)),
            rotationX: value(.rotationX), rotationY: value(.rotationY), m34: value(.m34), z: z[place], hidden: hidden[place])
    }
}

extension ViewColumn {
    /// The column's place in `ViewColumns.numbers`: its property's place among a view's values.
    var position: Int { property.offset }

    /// The column a `frame_columns` view member names, nil for any other name.
    static func named(_ name: String) -> ViewColumn? {
        allCases.first { $0.name == name }
    }
}
