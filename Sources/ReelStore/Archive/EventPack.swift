/// A trace's events as one `trace_event_packs` row (docs/SCHEMA.md "trace_event_packs"): per event,
/// in seq order, its detail (an `event_details` id: the name and argument interned together) in
/// `detailWidth` characters, then its time code in `timeWidth` characters, each a number written in
/// base 95 with the printable ASCII characters (" " is 0, "~" is 94), most significant first.
///
/// A time code is `3 * touchSeq` for an event at a touch's time, `3 * tick + 1` for an event at
/// `tick / refreshHz` (exactly, tick >= 0), else 2: the time is then a `trace_event_times` row.
///
/// ```swift
/// let pack = EventPack(details: [1, 2], times: [0, 3 * 40 + 1])  // widths 1 and 2
/// // pack.text == Array("!  \"!:".utf8): detail 1, time 0 ("  "); detail 2, time 121 (1 * 95 + 26)
/// ```
struct EventPack: Equatable, Sendable {
    /// The number of values one character holds.
    static let base: Int64 = 95
    /// The widest a number is written.
    static let maxWidth = 4
    /// 95^4: every detail id and time code is below it.
    static let limit: Int64 = 81_450_625
    /// The time code of an event whose time is a `trace_event_times` row.
    static let explicitTime: Int64 = 2

    var detailWidth: Int
    var timeWidth: Int
    var text: [UInt8]

    /// Packs events with `details[i]` and `times[i]` (both in 0 ..< `limit`, as many of each).
    init(details: [Int64], times: [Int64]) {
        detailWidth = Self.width(of: details.max() ?? 0)
        timeWidth = Self.width(of: times.max() ?? 0)
        text = []
        text.reserveCapacity(details.count * (detailWidth + timeWidth))
        for (detail, time) in zip(details, times) {
            Self.append(detail, width: detailWidth, to: &text)
            Self.append(time, width: timeWidth, to: &text)
        }
    }

    /// The characters needed for `value` (1 ... `maxWidth`).
    static func width(of value: Int64) -> Int {
        var width = 1
        var bound = base
        while value >= bound && width < maxWidth {
            width += 1
            bound *= base
        }
        return width
    }

    private static func append(_ value: Int64, width: Int, to text: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= base }
        for _ in 0..<width {
            text.append(UInt8(32 + (value / divisor) % base))
            divisor /= base
        }
    }

    /// The time code of an event at `t`: its touch's (`touchSeq`, the first touch at `t`), else its
    /// frame clock tick's when `t` is exactly `tick / refreshHz`, else `explicitTime`.
    static func timeCode(t: Double, touchSeq: Int64?, refreshHz: Double) -> Int64 {
        if let touchSeq, touchSeq >= 0, touchSeq < limit / 3 { return 3 * touchSeq }
        let tick = (t * refreshHz).rounded()
        guard t >= 0, tick >= 0, tick < Double(limit / 3) else { return explicitTime }
        let whole = Int64(tick)
        guard (Double(whole) / refreshHz).bitPattern == t.bitPattern else { return explicitTime }
        return 3 * whole + 1
    }

    /// What a time code says.
    enum Time: Equatable {
        case touch(Int64)
        case tick(Int64)
        case explicit
    }

    static func time(of code: Int64) -> Time {
        switch code % 3 {
        case 0: .touch(code / 3)
        case 1: .tick(code / 3)
        default: .explicit
        }
    }

    /// The (detail, time code) of each event of a stored pack, or why it cannot be read.
    static func codes(detailWidth: Int64, timeWidth: Int64, text: UnsafeBufferPointer<UInt8>) -> Result<
        [(detail: Int64, time: Int64)], PackDamage
    > {
        guard (1...Int64(maxWidth)).contains(detailWidth) else {
            return .failure(PackDamage(column: "detail_width", reason: "is \(detailWidth), not 1 to \(maxWidth)"))
        }
        guard (1...Int64(maxWidth)).contains(timeWidth) else {
            return .failure(PackDamage(column: "time_width", reason: "is \(timeWidth), not 1 to \(maxWidth)"))
        }
        let record = Int(detailWidth + timeWidth)
        guard text.count % record == 0 else {
            return .failure(PackDamage(column: "events", reason: "is \(text.count) characters, not a multiple of \(record)"))
        }
        var codes: [(detail: Int64, time: Int64)] = []
        codes.reserveCapacity(text.count / record)
        var position = 0
        func number(_ width: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<width {
                let byte = text[position]
                guard byte >= 32 && byte <= 126 else { return nil }
                value = value * base + Int64(byte - 32)
                position += 1
            }
            return value
        }
        while position < text.count {
            guard let detail = number(Int(detailWidth)), let time = number(Int(timeWidth)) else {
                return .failure(PackDamage(column: "events", reason: "holds a character outside ' ' to '~'"))
            }
            codes.append((detail, time))
        }
        return .success(codes)
    }
}

/// An event's name and argument as the writer's cache of `event_details` keys them, without making
/// the argument's `String` for every event: an argument of at most 16 bytes (every argument of a
/// synthesized session but a delegate call's) is its bytes in two words, a longer one its text.
/// Hashing four integers costs a fraction of hashing a string (issue 37, record speed).
struct EventDetailKey: Hashable {
    var nameID: Int64
    /// The argument's length in bytes, -1 for none.
    var length: Int
    var low: UInt64 = 0
    var high: UInt64 = 0
    var text: String?

    init(nameID: Int64, argument: UnsafeBufferPointer<UInt8>?) {
        self.nameID = nameID
        guard let argument else {
            length = -1
            return
        }
        length = argument.count
        guard argument.count <= 16 else {
            text = String(decoding: argument, as: UTF8.self)
            return
        }
        for (index, byte) in argument.enumerated() {
            if index < 8 { low |= UInt64(byte) << (8 * UInt64(index)) } else { high |= UInt64(byte) << (8 * UInt64(index - 8)) }
        }
    }

    /// Two words into the hasher instead of the five fields one by one (plus the text when there
    /// is one): keys that are equal hash equal, and the name and length are mixed into the second
    /// word, so keys that differ still mostly hash apart.
    func hash(into hasher: inout Hasher) {
        hasher.combine(low)
        hasher.combine(high ^ (UInt64(bitPattern: nameID) &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(bitPattern: Int64(length)))
        if let text { hasher.combine(text) }
    }
}
