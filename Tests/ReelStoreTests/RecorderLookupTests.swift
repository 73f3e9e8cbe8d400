import ReelTrace
import Testing

@testable import ReelStore

/// The recorder's per-row lookups that replaced hashing (issue 22): each gives what its rule says,
/// the rule computed here the plain way (a linear search, the string split by hand).
@Suite struct RecorderLookupTests {
    /// A small deterministic generator (xorshift64*), so the cases are the same on every run.
    struct Draw {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
        }
    }

    /// `TouchTimes.firstTouch(at:)` is the index of the first touch whose time equals the event's,
    /// as Double equality says (so -0.0 and 0.0 are one time), for sorted and unsorted touches with
    /// repeated times.
    @Test func theFirstTouchAtATimeIsTheFirstWithAnEqualTime() {
        let times: [Double] = [-0.0, 0.0, 0.016, 0.016_666, 0.033, 1e-9, 12.5]
        var draw = Draw(state: 0x9E37_79B9_7F4A_7C15)
        for round in 0..<200 {
            let count = draw.next(12)
            var touches = (0..<count).map { _ in Touch(t: times[draw.next(times.count)], id: 0, phase: .moved, x: 0, y: 0) }
            if round % 2 == 0 { touches.sort { $0.t < $1.t } }
            let lookup = TouchTimes(touches)
            for t in times + [0.5, -1] {
                let expected = touches.firstIndex { $0.t == t }.map(Int64.init)
                #expect(lookup.firstTouch(at: t) == expected, "round \(round), t \(t), touches \(touches.map(\.t))")
            }
        }
    }

    /// The rule of docs/SCHEMA.md: a detail with a "(" that ends with ")" is head (through the
    /// first "("), argument and tail ")"; any other detail is all head. Head + argument + tail is
    /// the detail.
    @Test(arguments: [
        "updateInteractiveTransition(0.53)", "viewDidAppear", "()", "a(", "a)", ")(", "f(g(x))", "finish(1)(2)",
        "(leading)", "é(ü)", "",
    ])
    func aDetailSplitsAtItsFirstParenthesisWhenItEndsWithOne(detail: String) {
        let expected = Self.ruleSplit(detail)
        var bytes = detail
        bytes.withUTF8 { bytes in
            let split = DetailSplit(bytes)
            #expect(String(decoding: bytes[..<split.headLength], as: UTF8.self) == expected.head)
            #expect(split.argument(of: bytes).map { String(decoding: $0, as: UTF8.self) } == expected.argument)
            #expect((split.hasArgument ? ")" : "") == expected.tail)
        }
        #expect(expected.head + (expected.argument ?? "") + expected.tail == detail)
    }

    /// The rule of docs/SCHEMA.md applied to the detail's characters.
    static func ruleSplit(_ detail: String) -> (head: String, argument: String?, tail: String) {
        let characters = Array(detail)
        guard let open = characters.firstIndex(of: "("), characters.last == ")" else { return (detail, nil, "") }
        return (String(characters[...open]), String(characters[(open + 1)..<(characters.count - 1)]), ")")
    }

    /// Within a trace, `TraceEventNames` gives every event the id a dictionary of names would, and
    /// asks the archive's interning once per distinct name.
    @Test func eventNamesOfATraceMatchADictionaryOfNames() {
        let kinds = ["transition", "lifecycle", "gesture"]
        let subjects = ["nav", "DetailViewController", "pan"]
        let details = [
            "updateInteractiveTransition(0.25)", "updateInteractiveTransition(0.5)", "viewWillAppear(true)", "began", "changed",
            "finishInteractiveTransition()", "f(", "f(x)",
        ]
        var draw = Draw(state: 42)
        var names = TraceEventNames()
        var interned: [EventName: Int64] = [:]
        var internCalls = 0
        for _ in 0..<400 {
            let kind = kinds[draw.next(kinds.count)]
            let subject = subjects[draw.next(subjects.count)]
            var detail = details[draw.next(details.count)]
            let split = Self.ruleSplit(detail)
            let name = EventName(kind: kind, subject: subject, detailHead: split.head, detailTail: split.tail)
            let id = detail.withUTF8 { bytes in
                names.id(kind: kind, subject: subject, detail: bytes, split: DetailSplit(bytes)) { name in
                    internCalls += 1
                    if let known = interned[name] { return known }
                    interned[name] = Int64(interned.count + 1)
                    return Int64(interned.count)
                }
            }
            #expect(id == interned[name], "\(kind) \(subject) \(detail)")
        }
        #expect(internCalls == interned.count)
    }

    /// The packed texts spell each integer as `String(value)` does: the x array joined by commas,
    /// t and y right-aligned in the width of the longest, at the largest values a pack holds.
    @Test func packedTextsSpellIntegersAsSwiftDoes() throws {
        let touches = [
            Touch(t: 0, id: 0, phase: .began, x: -1e12, y: 1e12),
            Touch(t: 1e9, id: 9, phase: .moved, x: 0.001, y: -0.001),
            Touch(t: 0.000_001, id: 3, phase: .ended, x: -7, y: 0),
        ]
        let pack = try #require(TouchPack(touches))
        let ts: [Int64] = [0, 1_000_000_000_000_000, 1]
        let xs: [Int64] = [-1_000_000_000_000_000, 1, -7000]
        let ys: [Int64] = [1_000_000_000_000_000, -1, 0]
        func fixedWidth(_ values: [Int64]) -> String {
            let width = values.map { String($0).count }.max() ?? 0
            return values.map { String(repeating: " ", count: width - String($0).count) + String($0) }.joined()
        }
        #expect(pack.x == "[" + xs.map(String.init).joined(separator: ",") + "]")
        #expect(pack.t == fixedWidth(ts))
        #expect(pack.y == fixedWidth(ys))
        #expect(pack.finger == "093")
        #expect(pack.phase == "bme")
    }
}
