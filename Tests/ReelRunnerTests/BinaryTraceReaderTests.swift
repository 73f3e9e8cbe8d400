import Foundation
import ReelEngine
import ReelJSON
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Issues 37 and 50: `BinaryTraceReader` reads each column of a binary answer straight into the
/// `FrameColumns` arrays at its final place, checking as it goes. What it reads is what the
/// independent reader written from docs/PROTOCOL.md alone (`decode_trace` in
/// tools/example_engine.py) reads, bit for bit: on layouts drawn with every column in either form
/// (views that come and go, runs of a view's values that cross the layout's runs, repeated texts,
/// 1-, 2- and 4-byte indices, arguments). Packed and not, it reads the same values and fails with
/// the same message, on each of them with every byte changed, cut short or followed by one more.
@Suite("Binary trace reader")
struct BinaryTraceReaderTests {
    /// What one read gives: the contents with every number's bits, or the error's reason.
    enum Read: Equatable {
        case contents(Contents)
        case failed(String)

        var isContents: Bool { if case .contents = self { true } else { false } }
    }

    /// `BinaryTraceContents` made comparable; the bit patterns keep -0.0 apart from 0.
    struct Contents: Equatable {
        var frames: [Frame]
        var packed: FrameColumns?
        var events: [TraceEvent]
        var packedEvents: PackedEvents?
        var heads: DetailHeads?
        var keys: [String]
        var eventTexts: [String]
        var bits: [UInt64]

        init(_ contents: BinaryTraceContents) {
            frames = contents.frames
            packed = contents.packed
            events = contents.events
            packedEvents = contents.packedEvents
            heads = contents.heads
            keys = contents.texts.keys
            eventTexts = contents.texts.events
            let frameBits = frames.flatMap { frame in
                [frame.t.bitPattern, frame.progress.bitPattern]
                    + frame.views.flatMap { view in ViewProperty.allCases.map { $0.value(of: view).bitPattern } }
            }
            let packedBits = [packed?.times, packed?.progress, packed?.values].flatMap { $0 ?? [] }.map(\.bitPattern)
            bits = frameBits + packedBits + (events.map(\.t) + (packedEvents?.times ?? [])).map(\.bitPattern)
        }
    }

    static func read(_ bytes: [UInt8], packing: Bool, recent: BinaryTexts) -> Read {
        do throws(JSONFieldError) {
            return .contents(Contents(try BinaryTraceReader.read(bytes, packingFrames: packing, recent: recent)))
        } catch {
            return .failed(error.reason)
        }
    }

    /// The mismatches of reading `bytes` packed and not (a description of each): both read, to
    /// the same frames (made from the columns when packed) and events, or both fail, with one message.
    static func mismatches(_ bytes: [UInt8], recent: BinaryTexts = BinaryTexts()) -> [String] {
        let plain = Self.read(bytes, packing: false, recent: recent)
        let packed = Self.read(bytes, packing: true, recent: recent)
        switch (plain, packed) {
        case (.failed(let one), .failed(let other)) where one == other: return []
        case (.contents(let one), .contents(let other)):
            let events =
                other.packedEvents.map { packedEvents in
                    (other.heads ?? DetailHeads()).details(of: packedEvents.events)
                } ?? (other.heads ?? DetailHeads()).details(of: other.events)
            if one.frames == other.packed?.frames && one.events == events && one.keys == other.keys { return [] }
            return ["packed: \(String(describing: other).prefix(400)) instead of \(String(describing: one).prefix(400))"]
        default: return ["packed: \(String(describing: packed).prefix(400)) instead of \(String(describing: plain).prefix(400))"]
        }
    }

    /// The plain answer lines `decode_trace` of tools/example_engine.py makes of `layouts` (its
    /// reader, written from docs/PROTOCOL.md alone), or `error: REASON` for a layout it refuses.
    static func pythonReadings(of layouts: [[UInt8]]) throws -> [String] {
        let folder = try temporaryFolder()
        let input = folder + "/layouts.txt"
        try layouts.map { Data($0).base64EncodedString() }.joined(separator: "\n").appending("\n")
            .write(toFile: input, atomically: true, encoding: .utf8)
        let script = """
            import base64, json, sys
            sys.path.insert(0, sys.argv[1])
            import example_engine
            for line in sys.stdin:
                try:
                    frames, events = example_engine.decode_trace(base64.b64decode(line.strip()))
                    answer = {"engine": {"name": "python", "version": "1"}, "frames": frames, "events": events,
                              "outcome": {"completed": True, "t": 0}}
                    print(json.dumps(answer, separators=(",", ":")))
                except (ValueError, UnicodeDecodeError) as problem:
                    print("error: %s" % problem)
            """
        let run = try startProcess(
            ["/usr/bin/env", "python3", "-c", script, repositoryRoot + "/tools"], in: folder, input: input, captureFolder: folder
        ).wait()
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput.split(separator: "\n").map(String.init)
    }

    /// The number bits of a trace's frames and events (-0.0 apart from 0).
    static func bits(_ trace: Trace) -> [UInt64] {
        trace.frames.flatMap { frame in
            [frame.t.bitPattern, frame.progress.bitPattern]
                + frame.views.flatMap { view in ViewProperty.allCases.map { $0.value(of: view).bitPattern } }
        } + trace.events.map(\.t.bitPattern)
    }

    // MARK: Answers

    /// Every scenario's answers and odd traces, read one after the other with the texts of the
    /// answer before (as a replay's memo does): the trace itself, packed and not.
    @Test func everyScenariosAnswersReadBackBitForBit() throws {
        let traces =
            ServedAnswers.answers().map(\.response.trace) + (1...20).map { ServedAnswers.oddTrace(seed: UInt64($0)) }
        var recent = BinaryTexts()
        var packedViews = 0
        for trace in traces {
            let bytes = BinaryTraceWriter.encode(trace)
            let problems = Self.mismatches(bytes, recent: recent) + Self.mismatches(bytes)
            #expect(problems.isEmpty, "\(problems.first ?? "")")
            let contents = try BinaryTraceReader.read(bytes, packingFrames: false, recent: recent)
            #expect(contents.frames == trace.frames && contents.events == trace.events)
            #expect(Self.bits(Trace(frames: contents.frames, events: contents.events, outcome: trace.outcome)) == Self.bits(trace))
            let packed = try BinaryTraceReader.read(bytes, packingFrames: true, recent: recent)
            #expect(packed.packed?.frames == trace.frames)
            packedViews += packed.packed?.keyNumbers.count ?? 0
            recent = contents.texts
        }
        #expect(packedViews > 1000)
    }

    /// Drawn layouts, every column in a drawn form, and indices of 1, 2 and 4 bytes at the text
    /// counts where they change size (256 | 257, 65,536 | 65,537 texts): each reads to exactly
    /// what the independent Python reader reads, bit for bit.
    @Test func drawnLayoutsReadAsTheIndependentReaderReadsThem() throws {
        var layouts = (0..<300).map { Self.drawnLayout(seed: UInt64($0)) }
        for textCount in [1, 256, 257, 65_536, 65_537] {
            let size = BinaryTrace.indexSize(texts: textCount)
            for runs in [false, true] {
                var layout = LayoutWriter()
                layout.noFrames()
                layout.u32(4)
                layout.u32(UInt32(textCount))
                for index in 0..<textCount { layout.text(index % 3 == 0 ? "k" : "t\(index % 7)") }
                layout.column([0, 0, 1, 1].map { Double($0).bitPattern }, size: 8, runs: runs)
                let indices = [0, UInt64(textCount / 2), UInt64(textCount - 1), UInt64(textCount - 1)]
                for _ in 0..<3 { layout.column(indices, size: size, runs: runs) }
                layout.column(Array(repeating: UInt64(bitPattern: DetailArgument.none), count: 4), size: 8, runs: runs)
                layouts.append(layout.bytes)
            }
        }
        let readings = try Self.pythonReadings(of: layouts)
        try #require(readings.count == layouts.count)
        var read = 0
        for (number, (layout, reading)) in zip(layouts, readings).enumerated() {
            guard case .response(let expected) = try EngineReply.decode(line: Array(reading.utf8)) else {
                Issue.record("layout \(number): the Python reader says \(reading.prefix(200))")
                continue
            }
            let contents = try BinaryTraceReader.read(layout, packingFrames: false)
            let trace = Trace(frames: contents.frames, events: contents.events, outcome: expected.trace.outcome)
            #expect(trace == expected.trace, "layout \(number)")
            #expect(Self.bits(trace) == Self.bits(expected.trace), "layout \(number)")
            #expect(Self.mismatches(layout).isEmpty, "layout \(number)")
            read += 1
        }
        #expect(read == layouts.count)
    }

    /// Every byte of drawn layouts and of an answer changed (to 0, 0xFF, one more or one bit
    /// flipped), the bytes cut at every length and one byte added: each reads or fails, packed
    /// as not, with the same message; half with the layout's own texts as the texts before (a
    /// changed key's bytes then differ from the known string's).
    @Test func everyByteChangedReadsOrFailsThePackedWayAsTheOther() throws {
        // Small drawn layouts (the changes of one byte are about 30 reads) and one answer.
        let served = try #require(ServedAnswers.answers(perScenario: 1).first?.response.trace)
        let layouts =
            (1000..<1100).lazy.map { Self.drawnLayout(seed: UInt64($0)) }.filter { $0.count < 800 }.prefix(16)
            + [BinaryTraceWriter.encode(served)]
        var mismatches: [String] = []
        var failed = 0
        var cases = 0
        for (number, layout) in layouts.enumerated() {
            let own = try BinaryTraceReader.read(layout, packingFrames: false).texts
            func check(_ bytes: [UInt8], _ what: @autoclosure () -> String) {
                let recent = cases % 2 == 0 ? BinaryTexts() : own
                cases += 1
                if !Self.read(bytes, packing: false, recent: recent).isContents { failed += 1 }
                for problem in Self.mismatches(bytes, recent: recent) where mismatches.count < 5 {
                    mismatches.append("layout \(number), \(what()): \(problem)")
                }
            }
            for position in layout.indices {
                let byte = layout[position]
                for replacement in Set([0, 0xFF, byte &+ 1, byte ^ 0x40]) where replacement != byte {
                    var changed = layout
                    changed[position] = replacement
                    check(changed, "byte \(position) \(byte) -> \(replacement)")
                }
                check(Array(layout[..<position]), "cut at \(position)")
            }
            check(layout + [0], "a byte added")
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // Many changes are refused (and compared by their messages), many read.
        #expect(failed > cases / 4 && failed < cases * 3 / 4, "\(failed) of \(cases) failed")
    }

    /// Past the last text, an index is refused (256 and 65,536 do not fit 1 and 2 bytes: written,
    /// they are index 0, which reads).
    @Test func anIndexPastTheTextsIsRefused() {
        for textCount in [1, 256, 257, 65_536, 65_537] {
            let size = BinaryTrace.indexSize(texts: textCount)
            var layout = LayoutWriter()
            layout.noFrames()
            layout.u32(1)
            layout.u32(UInt32(textCount))
            for index in 0..<textCount { layout.text("t\(index % 7)") }
            layout.column([0], size: 8, runs: false)
            for _ in 0..<3 { layout.column([UInt64(textCount)], size: size, runs: false) }
            layout.column([UInt64(bitPattern: DetailArgument.none)], size: 8, runs: false)
            let read = Self.read(layout.bytes, packing: true, recent: BinaryTexts())
            #expect(read.isContents == (textCount == 1 << (8 * size)), "\(textCount): \(read)")
        }
    }

    /// A view's values in one run across the layout's runs, where it changes place among the
    /// views and other views come and go: each value lands at its view in its frame.
    @Test func aRunOfAViewsValuesCrossesTheLayoutsRuns() throws {
        var layout = LayoutWriter()
        layout.u32(6)
        layout.column((0..<6).map { (Double($0) / 60).bitPattern }, size: 8, runs: false)
        layout.column(Array(repeating: 0.5.bitPattern, count: 6), size: 8, runs: true)
        layout.u32(3)
        for key in ["A", "B", "C"] { layout.text(key) }
        // Frames 0-1: A, B; frames 2-4: C, B, A; frame 5: B.
        layout.u32(3)
        for (frames, views) in [(2, [0, 1]), (3, [2, 1, 0]), (1, [1])] {
            layout.u32(UInt32(frames))
            layout.u32(UInt32(views.count))
            for view in views { layout.u32(UInt32(view)) }
        }
        // A (5 states): x one run; y values. B (6 states): x two runs; C (3 states): values.
        let states = [5, 6, 3]
        for view in 0..<3 {
            for column in 0..<14 {
                let values = (0..<states[view]).map { state in
                    column == 0 ? Double(view * 10 + (view == 1 ? state / 4 : 0)) : Double(view * 100 + column * 10 + state)
                }
                layout.column(values.map(\.bitPattern), size: 8, runs: column == 0)
            }
            layout.column((0..<states[view]).map { _ in UInt64(bitPattern: Int64(view) - 1) }, size: 8, runs: true)
            layout.column((0..<states[view]).map { UInt64($0 % 2) }, size: 1, runs: view == 2)
        }
        layout.noEvents()
        #expect(Self.mismatches(layout.bytes).isEmpty)
        let packed = try #require(BinaryTraceReader.read(layout.bytes, packingFrames: true).packed)
        var taken = [0, 0, 0]
        let order = [[0, 1], [0, 1], [2, 1, 0], [2, 1, 0], [2, 1, 0], [1]]
        #expect(packed.frames.map { $0.views.map(\.key) } == order.map { $0.map { ["A", "B", "C"][$0] } })
        for (index, frame) in packed.frames.enumerated() {
            for (view, state) in zip(order[index], frame.views) {
                let place = taken[view]
                taken[view] += 1
                #expect(state.x == Double(view * 10 + (view == 1 ? place / 4 : 0)), "frame \(index) view \(view)")
                #expect(state.y == Double(view * 100 + 10 + place) && state.m34 == Double(view * 100 + 130 + place))
                #expect(state.z == view - 1 && state.hidden == (place % 2 == 1))
            }
        }
    }

    /// `ReplyReader` takes an answer's member names without parsing them (`SeenKeys`): a key
    /// twice in one object, known or not, written as it is or with an escape, is refused where
    /// and as the whole-text parser refuses it; the same names in other objects are no repeat.
    @Test func aKeyTwiceIsRefusedAsTheParserRefusesIt() {
        let lines = [
            #"{"id":1,"id":2}"#, #"{"id":1,"\u0069d":2}"#, #"{"\u0069d":1,"id":2}"#, #"{"x":1,"x":2}"#,
            #"{"binary_trace":"AA","error":"e","binary_trace":"AA"}"#, #"{"id":1,"idx":2,"i":3,"":4,"":5}"#,
            #"{"error":"e","engine":{"name":"e","version":"1","name":"f"}}"#, #"{"error":"e","x":{"id":1,"y":{"id":2}},"id":3}"#,
            #"{"frames":[],"events":[],"frame_columns":{},"event_columns":{},"outcome":{},"error":"e","error":"f"}"#,
            #"{"error":"e","id":1,"engine":2,"outcome":3,"binary_trace":4,"frames":5,"events":6,"frame_columns":7,"event_columns":8}"#,
            #"{"error":"e","id\"":1,"id":2,"id\"":3}"#, #"{"error":"e","events ":1,"events":2,"event":3,"events":4}"#,
        ]
        for line in lines {
            let bytes = Array(line.utf8)
            var parsed = "parsed"
            do { _ = try JSONParser.parse(bytes) } catch { parsed = "malformed JSON at column \(error.column): \(error.reason)" }
            var decoded = "decoded"
            do { _ = try EngineReply.decode(line: bytes) } catch { decoded = error.reason }
            if parsed == "parsed" {
                #expect(!decoded.hasPrefix("malformed"), "\(line): \(decoded)")
            } else {
                #expect(decoded == parsed, "\(line)")
            }
        }
    }

    // MARK: Drawn layouts

    /// The bytes of a binary layout, written here column by column in a chosen form (not by
    /// `BinaryTraceWriter`, which picks the smaller form).
    struct LayoutWriter {
        var bytes: [UInt8]

        init() { bytes = [BinaryTrace.version] }

        mutating func integer(_ value: UInt64, size: Int) { bytes += withUnsafeBytes(of: value.littleEndian) { Array($0.prefix(size)) } }
        mutating func u32(_ value: UInt32) { integer(UInt64(value), size: 4) }
        mutating func text(_ text: String) {
            u32(UInt32(text.utf8.count))
            bytes += text.utf8
        }

        /// A column of `values` of `size` bytes each: one by one, or as runs of equal values.
        mutating func column(_ values: [UInt64], size: Int, runs: Bool) {
            bytes.append(runs ? BinaryTrace.runsForm : BinaryTrace.valuesForm)
            guard runs else {
                for value in values { integer(value, size: size) }
                return
            }
            var grouped: [(value: UInt64, count: Int)] = []
            for value in values {
                if grouped.last?.value == value { grouped[grouped.count - 1].count += 1 } else { grouped.append((value, 1)) }
            }
            u32(UInt32(grouped.count))
            for run in grouped {
                integer(run.value, size: size)
                u32(UInt32(run.count))
            }
        }

        mutating func noFrames() {
            u32(0)
            for _ in 0..<2 { column([], size: 8, runs: false) }
            u32(0)
            u32(0)
        }

        mutating func noEvents() {
            u32(0)
            u32(0)
            for _ in 0..<4 { column([], size: 1, runs: false) }
            column([], size: 8, runs: false)
        }
    }

    /// A well-formed layout drawn from `seed`: up to 11 frames, views that come and go in drawn
    /// orders, numbers that repeat (runs) or change (-0.0, 5e-324, 1e300 among them), z at +-2^53,
    /// up to 24 events over repeated texts (sometimes over 256 of them: 2-byte indices), arguments
    /// on heads, and each column in a drawn form.
    static func drawnLayout(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        func next(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        func form() -> Bool { next(2) == 0 }
        let numbers: [Double] = [0, -0.0, 1, 390, 844, 0.5, 1.0 / 3.0, .leastNonzeroMagnitude, 1e300, -17.25, 0.016666666666666666]
        func column(_ count: Int, _ draw: () -> UInt64) -> [UInt64] {
            var values: [UInt64] = []
            for _ in 0..<count { values.append(values.last != nil && next(2) == 0 ? values.last! : draw()) }
            return values
        }
        func number() -> UInt64 { (next(4) == 0 ? Double(next(1000)) / 7 : numbers[next(numbers.count)]).bitPattern }
        var layout = LayoutWriter()
        let frameCount = next(12)
        layout.u32(UInt32(frameCount))
        var t = -Double(next(3)) / 60
        layout.column(
            (0..<frameCount).map { _ in
                t += Double(next(3)) / 60
                return t.bitPattern
            }, size: 8, runs: form())
        layout.column(column(frameCount, number), size: 8, runs: form())
        var pool = ["A.view", "B.view", "dimming", "snap\u{e9}", "", "C"]
        pool.shuffle(using: &random)
        let keys = frameCount == 0 ? [] : Array(pool.prefix(next(pool.count + 1)))
        layout.u32(UInt32(keys.count))
        for key in keys { layout.text(key) }
        var runs: [(frames: Int, views: [Int])] = []
        var covered = 0
        while covered < frameCount {
            let frames = 1 + next(min(frameCount - covered, 4))
            runs.append((frames, keys.indices.filter { _ in next(3) != 0 }.shuffled(using: &random)))
            covered += frames
        }
        for view in keys.indices where !runs.contains(where: { $0.views.contains(view) }) {
            runs[next(runs.count)].views.append(view)
        }
        layout.u32(UInt32(runs.count))
        var states = [Int](repeating: 0, count: keys.count)
        for run in runs {
            layout.u32(UInt32(run.frames))
            layout.u32(UInt32(run.views.count))
            for view in run.views {
                layout.u32(UInt32(view))
                states[view] += run.frames
            }
        }
        let zs: [Int64] = [0, 1, -1, 4, 9_007_199_254_740_992, -9_007_199_254_740_992]
        for count in states {
            for _ in 0..<14 { layout.column(column(count, number), size: 8, runs: form()) }
            layout.column(column(count) { UInt64(bitPattern: zs[next(zs.count)]) }, size: 8, runs: form())
            layout.column(column(count) { UInt64(next(2)) }, size: 1, runs: form())
        }
        let eventCount = next(25)
        var texts = [
            "gesture", "pan", "began", "changed", "lifecycle", "viewWillAppear", "transition", "B", "update(", "finish(", "\u{e9}(",
        ]
        texts.shuffle(using: &random)
        texts += texts.prefix(next(3))
        if next(8) == 0 { texts += (0..<(300 - texts.count)).map { "pad\($0)" } }
        layout.u32(UInt32(eventCount))
        layout.u32(UInt32(texts.count))
        for text in texts { layout.text(text) }
        layout.column(column(eventCount) { (Double(next(100)) / 60).bitPattern }, size: 8, runs: form())
        let size = BinaryTrace.indexSize(texts: texts.count)
        var details: [UInt64] = []
        for member in 0..<3 {
            let indices = column(eventCount) { UInt64(next(texts.count)) }
            if member == 2 { details = indices }
            layout.column(indices, size: size, runs: form())
        }
        let arguments = details.map { detail -> UInt64 in
            guard texts[Int(detail)].hasSuffix("("), next(3) != 0 else { return UInt64(bitPattern: DetailArgument.none) }
            return UInt64(bitPattern: [0, 4127, -1, 10_000, 99_999_999_999_999_999][next(5)])
        }
        layout.column(arguments, size: 8, runs: form())
        return layout.bytes
    }
}
