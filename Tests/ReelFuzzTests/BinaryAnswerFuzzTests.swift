import PropertyBased
import ReelFormats
import ReelTrace
import Testing

/// Binary answers (docs/PROTOCOL.md "Binary answers", versions 1 and 2) of drawn traces, their layout bytes mutated
/// (bit flips, cut, spliced, counts blown up) and put back in a well-formed line, or the line's
/// text mutated: each decodes to a trace within `EngineReplyLimits` or fails with an
/// `EngineProtocolError` naming `binary_trace` (or the JSON column); none traps. Unmutated, every
/// drawn trace decodes to itself bit for bit. Cases: `REEL_FUZZ_CASES` (400 by default), fresh
/// seeds on each run (the property checker's own).
@Suite("Fuzz: binary answers")
struct BinaryAnswerFuzzTests {
    @Test func mutatedLayoutsDecodeOrFailNamingTheMember() async throws {
        await propertyCheck(count: fuzzCases, input: Gen<UInt64>.value(), Gen<UInt64>.value().array(of: 1...8)) { seed, words in
            let response = EngineResponse(engineName: "fuzz", engineVersion: "1", trace: Self.trace(seed: seed))
            var hierarchy = HierarchyCheck()
            let line = Array(EngineReply.response(response).encodedLine(id: 1, encoding: .binary, hierarchyCheck: &hierarchy).dropLast())
            #expect((try? EngineReply.decode(line: line)) == .response(response), "seed \(seed)")
            guard let (prefix, layout, suffix) = Self.split(line) else {
                Issue.record("no binary_trace text in \(String(decoding: line.prefix(200), as: UTF8.self))")
                return
            }
            let mutated = Self.blowUpCounts(ByteMutator.mutate(layout, words: words, dictionary: [], donor: layout), words: words)
            var text: [UInt8] = []
            mutated.withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
            Self.check(prefix + text + suffix, layoutChanged: mutated != layout)
            let mangledLine = ByteMutator.mutate(line, words: words, dictionary: ["\"binary_trace\"", "\"AAAA\"", "\"-_==\""], donor: text)
            Self.check(mangledLine, layoutChanged: false)
        }
    }

    /// The line around the base64url text, and the layout bytes the text stands for.
    static func split(_ line: [UInt8]) -> ([UInt8], [UInt8], [UInt8])? {
        let marker = Array(#""binary_trace":""#.utf8)
        guard let start = (0...(line.count - marker.count)).first(where: { line[$0..<($0 + marker.count)].elementsEqual(marker) }) else {
            return nil
        }
        let textStart = start + marker.count
        guard let textEnd = line[textStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let layout = try? Array(line[textStart..<textEnd]).withUnsafeBufferPointer { try Base64URL.decode($0) }
        guard let layout else { return nil }
        return (Array(line[..<textStart]), layout, Array(line[textEnd...]))
    }

    /// One of the words also overwrites 4 bytes with a count that is too large, negative as a
    /// signed number, at a limit, or 0.
    static func blowUpCounts(_ bytes: [UInt8], words: [UInt64]) -> [UInt8] {
        var bytes = bytes
        var choices = WordChoices(words[0] >> 7)
        guard choices.take(2) == 0, bytes.count >= 4 else { return bytes }
        let counts: [UInt32] = [
            .max, 0x8000_0000, UInt32(EngineReplyLimits.maxFrames), UInt32(EngineReplyLimits.maxFrames + 1), 0, 1, 1 << 20,
        ]
        let value = counts[choices.take(counts.count)]
        let at = choices.take(bytes.count - 3)
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(at..<(at + 4), with: $0) }
        return bytes
    }

    static func check(_ line: [UInt8], layoutChanged: Bool) {
        do {
            if case .response(let response) = try EngineReply.decode(line: line) {
                let frames = response.trace.frames
                #expect(frames.count <= EngineReplyLimits.maxFrames)
                #expect(frames.reduce(0) { $0 + $1.views.count } * DecodedSize.viewStateBytes <= EngineReplyLimits.maxDecodedBytes)
                #expect(frames.map(\.index) == Array(frames.indices))
                #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.t <= $1.t })
                #expect(frames.allSatisfy { $0.t.isFinite && $0.progress.isFinite && $0.views.allSatisfy(Self.isFinite) })
                #expect(response.trace.events.count <= EngineReplyLimits.maxEvents)
                #expect(response.trace.events.allSatisfy { $0.t.isFinite })
            }
        } catch {
            #expect(error.reason.hasPrefix("invalid response: ") || error.reason.hasPrefix("malformed JSON at column "), "\(error.reason)")
            if layoutChanged { #expect(error.reason.contains("\"binary_trace"), "\(error.reason)") }
        }
    }

    /// `updateInteractiveTransition(` and `tenThousandths` written with four decimals.
    static func call(_ tenThousandths: Int64) -> String {
        let magnitude = tenThousandths.magnitude
        let fraction = String(magnitude % 10_000)
        return "updateInteractiveTransition(" + (tenThousandths < 0 ? "-" : "") + "\(magnitude / 10_000)."
            + String(repeating: "0", count: 4 - fraction.count) + fraction + ")"
    }

    static func isFinite(_ view: ViewState) -> Bool {
        let m = view.transform
        return [view.x, view.y, view.w, view.h, view.alpha, m.a, m.b, m.c, m.d, m.tx, m.ty, view.rotationX, view.rotationY, view.m34]
            .allSatisfy(\.isFinite)
    }

    /// A trace drawn from `seed`: views that come and go and change order, runs of equal values
    /// and values that change every frame, -0.0, 3-D members, events with repeated texts.
    static func trace(seed: UInt64) -> Trace {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let values: [Double] = [0, -0.0, 1, 390, 844, 0.5, 1.0 / 3.0, 1e-300, 5e-324, 1e300, -17.25]
        func value() -> Double { next() % 3 == 0 ? Double(next() % 1000) / 7 : values[Int(next() % UInt64(values.count))] }
        let keys = ["A.view", "B.view", "dimming", "snap\u{e9}", ""]
        var t = -Double(next() % 3) / 60
        let frames = (0..<Int(next() % 40)).map { index in
            t += Double(next() % 3) / 60
            var order = SeededOrder(state: next())
            let shown = keys.filter { _ in next() % 3 != 0 }.shuffled(using: &order)
            return Frame(
                index: index, t: t, progress: value(),
                views: shown.map { key in
                    ViewState(
                        key: key, x: value(), y: value(), w: value(), h: value(), alpha: value(),
                        transform: AffineTransform(a: value(), b: value(), c: value(), d: value(), tx: value(), ty: value()),
                        rotationX: next() % 4 == 0 ? value() : 0, rotationY: 0, m34: next() % 5 == 0 ? -0.0 : 0,
                        z: Int(next() % 9) - 4, hidden: next() % 2 == 0)
                })
        }
        let events = (0..<Int(next() % 30)).map { index in
            TraceEvent(
                t: Double(index) / 60, kind: ["gesture", "lifecycle", "transition"][Int(next() % 3)],
                subject: next() % 2 == 0 ? "pan" : "B",
                detail: [
                    "update(\(Double(next() % 100) / 100))", "changed", Self.call(Int64(bitPattern: next()) % 200_000),
                    Self.call(Int64(bitPattern: next())), "f(0.50)", "f(-0.0000)",
                ][Int(next() % 6)])
        }
        return Trace(frames: frames, events: events, outcome: Outcome(completed: next() % 2 == 0, t: t, hierarchy: ""))
    }
}

/// A generator for `shuffled(using:)`, from one word.
private struct SeededOrder: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
