import Foundation
import ReelEngine
import ReelJSON
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Issue 37: the binary encoding's details with an argument (docs/PROTOCOL.md "The binary
/// encoding", "Details with an argument"), where a detail `head(0.4127)` travels as its head's
/// text and the number in ten-thousandths, decode to the plain form's traces bit for bit; hostile
/// arguments are refused naming the member.
@Suite("Binary answers, details with arguments")
struct BinaryDetailArgumentTests {
    /// A detail as the rule of the layout writes it back, worked out here with integers: sign,
    /// whole part, `.`, four digits, `)`.
    static func written(_ head: String, _ tenThousandths: Int64) -> String {
        let magnitude = tenThousandths.magnitude
        let fraction = String(magnitude % 10_000)
        return head + (tenThousandths < 0 ? "-" : "") + "\(magnitude / 10_000)." + String(repeating: "0", count: 4 - fraction.count)
            + fraction + ")"
    }

    private func split(_ detail: String) -> (head: String, argument: Int64)? {
        Array(detail.utf8).withUnsafeBufferPointer { bytes in
            DetailArgument.split(bytes).map { (String(decoding: bytes[0..<$0.headCount], as: UTF8.self), $0.argument) }
        }
    }

    private func text(_ head: String, _ argument: Int64) -> String {
        Array(head.utf8).withUnsafeBufferPointer { DetailArgument.text(head: $0, argument: argument) }
    }

    @Test func aDetailIsSplitOnlyWhenItIsWrittenBackByteForByte() {
        // The engine's `updateInteractiveTransition(p)` with p to four decimals (Simulation.call).
        #expect(split("updateInteractiveTransition(0.4127)")! == ("updateInteractiveTransition(", 4127))
        #expect(split("finish(1.0000)")! == ("finish(", 10_000))
        #expect(split("f(-12.3456)")! == ("f(", -123_456))
        #expect(split("(0.0000)")! == ("(", 0))
        for kept in [
            "f(0.50)", "f(00.5000)", "f(-0.0000)", "f(.5000)", "f(0.5000", "f0.5000)", "f(0,5000)", "began", "", "f(1.23456)",
            "f(123456789012345.0000)", "f(--1.0000)", "f(+1.0000)", "f(0.5000))",
            "h" + String(repeating: "x", count: DetailArgument.maxHeadBytes) + "(0.1000)",
        ] {
            #expect(split(kept) == nil, "\(kept)")
        }
        // Every number the rule writes comes back: the text from the integers, split, written again.
        var state: UInt64 = 7
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let argument = Int64(bitPattern: state >> UInt64(state % 40)) % 99_999_999_999_999_999
            let detail = Self.written("updateInteractiveTransition(", argument)
            guard let (head, found) = split(detail) else {
                Issue.record("not split: \(detail)")
                continue
            }
            #expect(head == "updateInteractiveTransition(" && found == argument, "\(detail)")
            #expect(text(head, found) == detail)
        }
    }

    @Test func detailsWithArgumentsDecodeToThePlainFormsTrace() throws {
        var check = HierarchyCheck()
        let served = ServedAnswers.answers().map(\.response)
        #expect(served.contains { $0.trace.events.contains { $0.detail.hasPrefix("updateInteractiveTransition(") } })
        let responses =
            served
            + (1...20).map { seed in
                EngineResponse(engineName: "odd", engineVersion: "1", trace: ServedAnswers.oddTrace(seed: UInt64(seed)))
            }
            + [
                EngineResponse(
                    engineName: "calls", engineVersion: "1",
                    trace: Trace(
                        frames: [],
                        events: [-1_234_567, -1, 0, 1, 4127, 10_000, 99_999_999_999_999_999].enumerated().map { index, argument in
                            TraceEvent(t: Double(index), kind: "transition", subject: "B", detail: Self.written("finish(", argument))
                        } + [TraceEvent(t: 9, kind: "transition", subject: "B", detail: "finish(-0.0000)")],
                        outcome: Outcome(completed: true, t: 9, hierarchy: "")))
            ]
        for response in responses {
            let plain = EngineReply.response(response).encodedLine(id: 1, encoding: .plain, hierarchyCheck: &check)
            let version2 = EngineReply.response(response).encodedLine(id: 1, encoding: .binary, hierarchyCheck: &check)
            #expect(try EngineReply.decode(line: Array(version2.dropLast())) == .response(response))
            #expect(try EngineReply.decode(line: Array(version2.dropLast())) == EngineReply.decode(line: Array(plain.dropLast())))
            guard let layout = BinaryAnswerFuzzTestsSplit.layout(version2) else {
                Issue.record("no binary_trace")
                continue
            }
            // Layout 3 exactly when a view sets an extension property (an odd seed's trace may).
            let extended = response.trace.frames.contains { frame in
                frame.views.contains { view in ViewProperty.extensions.contains { $0.value(of: view).bitPattern != 0 } }
            }
            #expect(layout.first == (extended ? 3 : 2))
            // A split detail is a text index and 8 bytes: no `updateInteractiveTransition(` text is
            // listed with its number.
            let texts = String(decoding: layout, as: UTF8.self)
            #expect(!texts.contains("updateInteractiveTransition(0."), "\(response.engineName)")
        }
    }

    /// Read for a replay (`ReplyMemo.packsFrames`), a binary answer gives its frames and events as
    /// columns and its details with arguments as their heads: made back (`FrameColumns.frames`,
    /// `PackedEvents.events`, `DetailHeads.details`), they are the trace read as always, and the
    /// heads name the same calls.
    @Test func packedFramesAndHeadsMakeTheTraceReadAsAlways() throws {
        var check = HierarchyCheck()
        let served = ServedAnswers.answers().map(\.response)
        let responses =
            served
            + (1...20).map { seed in
                EngineResponse(engineName: "odd", engineVersion: "1", trace: ServedAnswers.oddTrace(seed: UInt64(seed)))
            }
        var headsLeft = 0
        for response in responses {
            do {
                let line = EngineReply.response(response).encodedLine(id: 1, encoding: .binary, hierarchyCheck: &check)
                var memo = ReplyMemo()
                memo.packsFrames = true
                let decoded = try EngineReply.decodeAnswerAndForm(line: Array(line.dropLast()), memo: &memo)
                let reply = decoded.reply
                #expect(decoded.binary)
                guard case .response(let packed) = reply, let frames = packed.packedFrames else {
                    Issue.record("no packed frames: \(reply)")
                    continue
                }
                #expect(packed.trace.frames.isEmpty)
                #expect(frames.frames == response.trace.frames)
                // At most `maxDistinctEventNames` events (all of these): packed, none made.
                guard let packedEvents = packed.packedEvents else {
                    Issue.record("no packed events: \(reply)")
                    continue
                }
                #expect(packed.trace.events.isEmpty)
                #expect(packedEvents.count == response.trace.events.count)
                let withHeads = packedEvents.events
                let events = packed.detailHeads?.details(of: withHeads) ?? withHeads
                #expect(events == response.trace.events)
                #expect(packed.trace.outcome == response.trace.outcome)
                // The heads hold the calls' names: the lifecycle calls are the same.
                #expect(withHeads.compactMap(LifecycleCall.init) == response.trace.events.compactMap(LifecycleCall.init))
                headsLeft += packed.detailHeads?.positions.count ?? 0
            }
        }
        #expect(headsLeft > 0)
    }

    /// One engine process's binary answers read with one memo (each text taken from the answer
    /// before when its bytes are the same at the same place, `BinaryTexts`) decode as each read
    /// on its own: keys and event texts of the same length that differ ("A.view", "B.view"),
    /// shuffled, non-ASCII, read for a replay and not.
    @Test func binaryAnswersReadWithOneMemoDecodeAsEachAlone() throws {
        var check = HierarchyCheck()
        let responses =
            ServedAnswers.answers().map(\.response)
            + (1...20).map { seed in
                EngineResponse(engineName: "odd", engineVersion: "1", trace: ServedAnswers.oddTrace(seed: UInt64(seed)))
            }
        var lines: [[UInt8]] = []
        for response in responses {
            lines.append(Array(EngineReply.response(response).encodedLine(id: 1, encoding: .binary, hierarchyCheck: &check).dropLast()))
        }
        for packing in [false, true] {
            var memo = ReplyMemo()
            memo.packsFrames = packing
            for line in lines + lines.reversed() {
                var fresh = ReplyMemo()
                fresh.packsFrames = packing
                let alone = try EngineReply.decodeAnswerAndForm(line: line, memo: &fresh).reply
                let withMemo = try EngineReply.decodeAnswerAndForm(line: line, memo: &memo).reply
                #expect(withMemo == alone)
            }
        }
    }

    // MARK: Hostile arguments

    /// Why `line` does not decode ("decoded" when it does); `packing`, read as for a replay
    /// (`ReplyMemo.packsFrames`: frames and events as columns).
    private func reason(_ line: String, packing: Bool = false) -> String {
        do {
            var memo = ReplyMemo()
            memo.packsFrames = packing
            _ = try EngineReply.decodeAnswerAndForm(line: Array(line.utf8), memo: &memo)
            return "decoded"
        } catch {
            return error.reason
        }
    }

    /// A version 2 layout of no frames and `count` events, all of detail text `head` and
    /// argument `argument` (one run each).
    private func events(head: [UInt8], argument: Int64, count: UInt32) -> BinaryAnswerTests.Layout {
        var layout = BinaryAnswerTests.Layout()
        layout.bytes[0] = 2
        layout.u32(0)
        layout.doubles([])
        layout.doubles([])
        layout.u32(0)
        layout.u32(0)
        layout.u32(count)
        layout.u32(1)
        layout.text(head)
        layout.run(0, count)
        for _ in 0..<3 {
            layout.u8(1)
            layout.u32(1)
            layout.u8(0)
            layout.u32(count)
        }
        layout.u8(1)
        layout.u32(1)
        layout.u64(UInt64(bitPattern: argument))
        layout.u32(count)
        return layout
    }

    @Test func argumentsAreCheckedAgainstTheirHead() throws {
        // A legitimate run: 200,000 events from a few bytes, every one the same rebuilt detail.
        let many = events(head: Array("f(".utf8), argument: -15, count: 200_000)
        #expect(many.bytes.count < 200)
        guard case .response(let response) = try EngineReply.decode(line: Array(many.line.utf8)) else {
            Issue.record("no response")
            return
        }
        #expect(response.trace.events.count == 200_000)
        #expect(response.trace.events.allSatisfy { $0.detail == "f(-0.0015)" && $0.kind == "f(" })
        // Without an argument the text is the detail as it is.
        let plain = events(head: Array("began".utf8), argument: Int64.min, count: 3)
        #expect(reason(plain.line) == "decoded")
        #expect(reason(plain.line, packing: true) == "decoded")
        for (head, expected) in [
            ("began", #"field "binary_trace.events.argument": event 0 has an argument but its detail text 0 is not a head"#),
            ("h" + String(repeating: "x", count: DetailArgument.maxHeadBytes) + "(", "is not a head of at most 64 bytes ending in '('"),
        ] {
            let line = events(head: Array(head.utf8), argument: 5, count: 2).line
            let found = reason(line)
            #expect(found.contains(expected), "\(found)")
            // Read for a replay (events as columns), the same error.
            #expect(reason(line, packing: true) == found)
        }
        var version4 = events(head: Array("f(".utf8), argument: 1, count: 1)
        version4.bytes[0] = 4
        #expect(reason(version4.line).contains(#"field "binary_trace.version": the layout is version 4"#))
        // The argument column is counted against the bytes left like every column.
        var cut = events(head: Array("f(".utf8), argument: 1, count: 1)
        cut.bytes.removeLast(4)
        #expect(reason(cut.line).contains(#"field "binary_trace.events.argument""#))
    }

    /// Event names keep the limit in version 2 too: a head with an argument is one name however
    /// many numbers it carries; 4097 heads are refused.
    @Test func distinctEventNamesKeepTheLimit() throws {
        for heads in [1, EngineReplyLimits.maxDistinctEventNames, EngineReplyLimits.maxDistinctEventNames + 1] {
            let count = max(heads, EngineReplyLimits.maxDistinctEventNames + 1)
            var layout = BinaryAnswerTests.Layout()
            layout.bytes[0] = 2
            layout.u32(0)
            layout.doubles([])
            layout.doubles([])
            layout.u32(0)
            layout.u32(0)
            layout.u32(UInt32(count))
            layout.u32(UInt32(heads + 1))
            layout.text(Array("k".utf8))
            for index in 0..<heads { layout.text(Array("d\(index)(".utf8)) }
            layout.run(0, UInt32(count))
            // The indices take 1 byte with at most 256 texts, else 2.
            let wide = heads + 1 > 256
            func index(_ value: Int) { if wide { layout.u16(UInt16(value)) } else { layout.u8(UInt8(value)) } }
            for _ in 0..<2 {
                layout.u8(1)
                layout.u32(1)
                index(0)
                layout.u32(UInt32(count))
            }
            layout.u8(0)
            for position in 0..<count { index(1 + position % heads) }
            layout.u8(0)
            for index in 0..<count { layout.u64(UInt64(index)) }
            let found = reason(layout.line)
            // Read for a replay: more events than names allowed, so made as `TraceEvent`s and counted.
            #expect(reason(layout.line, packing: true) == found)
            if heads > EngineReplyLimits.maxDistinctEventNames {
                #expect(found.contains(#"field "binary_trace.events.detail": more than 4096 distinct event names"#), "\(found)")
            } else {
                #expect(found == "decoded", "\(heads): \(found)")
            }
        }
    }
}

/// The layout bytes of an answer line's `binary_trace`.
enum BinaryAnswerFuzzTestsSplit {
    static func layout(_ line: [UInt8]) -> [UInt8]? {
        let text = String(decoding: line, as: UTF8.self)
        guard let start = text.range(of: #""binary_trace":""#)?.upperBound, let end = text[start...].firstIndex(of: "\"") else {
            return nil
        }
        return try? Array(text[start..<end].utf8).withUnsafeBufferPointer { try Base64URL.decode($0) }
    }
}
