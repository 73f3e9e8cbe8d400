import Foundation
import ReelJSON
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Issue 48, items 2 and 7: an answer in a form with runs may describe at most
/// `EngineReplyLimits.maxDecodedBytes` of decoded trace, counted at `DecodedSize`'s per-item costs
/// from its counts and run lengths before anything is built. Every bound below is computed from
/// those published constants; on 0.16.0 each hostile answer here was decoded (the issue's 3 KB
/// layout to about 390 MB).
@Suite("Decoded size of an answer")
struct DecodedSizeLimitTests {
    typealias Layout = BinaryAnswerTests.Layout

    /// `frames` frames that all hold views 0..<views (keys "V0", "V1", ...), every column one run,
    /// no events: the issue's amplifying answer when `frames` is `maxFrames` and `views` 8.
    static func singleRuns(frames: Int, views: Int) -> Layout {
        var layout = Layout()
        layout.u32(UInt32(frames))
        layout.run(0, UInt32(frames))
        layout.run(0, UInt32(frames))
        layout.u32(UInt32(views))
        for index in 0..<views { layout.text(Array("V\(index)".utf8)) }
        layout.u32(1)
        layout.u32(UInt32(frames))
        layout.u32(UInt32(views))
        for index in 0..<views { layout.u32(UInt32(index)) }
        for _ in 0..<views { layout.view(states: UInt32(frames)) }
        layout.noEvents()
        return layout
    }

    static func outcome(_ line: String) -> Result<Trace, EngineProtocolError> {
        do throws(EngineProtocolError) {
            guard case .response(let response) = try EngineReply.decode(line: Array(line.utf8)) else {
                return .failure(EngineProtocolError(reason: "not a response"))
            }
            return .success(response.trace)
        } catch {
            return .failure(error)
        }
    }

    /// The most frames of 8 views that fit the budget: each frame and each of its views charged,
    /// and the eight keys.
    static let framesOfEightThatFit =
        (EngineReplyLimits.maxDecodedBytes - 8 * DecodedSize.textBytes) / (DecodedSize.frameBytes + 8 * DecodedSize.viewStateBytes)

    @Test func theIssuesThreeKilobyteAnswerIsRefusedNamingTheLimit() {
        let layout = Self.singleRuns(frames: EngineReplyLimits.maxFrames, views: 8)
        #expect(layout.bytes.count < 3 * 1024)
        // Within every count limit: the frame count is the most there may be.
        let states = EngineReplyLimits.maxFrames * 8
        #expect(states * DecodedSize.viewStateBytes > EngineReplyLimits.maxDecodedBytes)
        guard case .failure(let error) = Self.outcome(layout.line) else {
            Issue.record("the 3 KB layout of \(states) views was decoded")
            return
        }
        #expect(
            error.reason.contains(
                "field \"binary_trace.layout[0]\": \(states) views of this run would decode to more than "
                    + "\(EngineReplyLimits.maxDecodedBytes) bytes (EngineReplyLimits.maxDecodedBytes"), "\(error.reason)")
    }

    @Test func theBudgetIsInclusive() {
        let fits = Self.framesOfEightThatFit
        #expect(fits < EngineReplyLimits.maxFrames)
        guard case .success(let trace) = Self.outcome(Self.singleRuns(frames: fits, views: 8).line) else {
            Issue.record("\(fits) frames of 8 views, within the budget, were refused")
            return
        }
        #expect(trace.frames.count == fits && trace.frames.allSatisfy { $0.views.count == 8 })
        guard case .failure(let error) = Self.outcome(Self.singleRuns(frames: fits + 1, views: 8).line) else {
            Issue.record("\(fits + 1) frames of 8 views, past the budget, were decoded")
            return
        }
        #expect(error.reason.contains("\((fits + 1) * 8) views of this run"), "\(error.reason)")
    }

    /// Item 7: view keys are charged before they are read, each at a key and the view that must
    /// hold it: 15 million keys (or the fewest past the budget) are refused at their count.
    @Test func unusedViewKeysAreRefusedAtTheirCount() {
        let keys = EngineReplyLimits.maxDecodedBytes / (DecodedSize.viewStateBytes + DecodedSize.textBytes) + 1
        var layout = Layout()
        layout.u32(1)
        layout.doubles([0])
        layout.doubles([0])
        layout.u32(UInt32(keys))
        // Room for every key's length, so that only the budget can refuse them.
        layout.bytes += [UInt8](repeating: 0, count: 4 * keys)
        guard case .failure(let error) = Self.outcome(layout.line) else {
            Issue.record("\(keys) view keys were read")
            return
        }
        #expect(
            error.reason.contains(
                "field \"binary_trace.views\": \(keys) views would decode to more than \(EngineReplyLimits.maxDecodedBytes)"),
            "\(error.reason)")
    }

    /// Item 7: event texts are charged at their count (the frames took most of the budget, so the
    /// texts that pass it are few bytes): refused before one is read.
    @Test func eventTextsPastTheBudgetAreRefusedAtTheirCount() {
        let views = 2
        let frames = EngineReplyLimits.maxFrames
        let spent = frames * DecodedSize.frameBytes + views * DecodedSize.textBytes + frames * views * DecodedSize.viewStateBytes
        #expect(spent < EngineReplyLimits.maxDecodedBytes)
        let texts = (EngineReplyLimits.maxDecodedBytes - spent) / DecodedSize.textBytes + 1
        var layout = Self.singleRuns(frames: frames, views: views)
        layout.bytes.removeLast(4 + 4 + 1 + 4)  // `noEvents`
        layout.u32(0)
        layout.u32(UInt32(texts))
        layout.bytes += [UInt8](repeating: 0, count: 4 * texts)
        layout.doubles([])
        for _ in 0..<4 { layout.u8(0) }
        guard case .failure(let error) = Self.outcome(layout.line) else {
            Issue.record("\(texts) empty event texts were read")
            return
        }
        #expect(
            error.reason.contains("field \"binary_trace.texts\": \(texts) event texts would decode to more than"), "\(error.reason)")
    }

    /// Events are charged at their count too: a run-length column of `maxEvents` events is
    /// refused once frames took the budget, before any event is built.
    @Test func eventsPastTheBudgetAreRefusedAtTheirCount() {
        let views = 2
        let frames = EngineReplyLimits.maxFrames
        var layout = Self.singleRuns(frames: frames, views: views)
        layout.bytes.removeLast(4 + 4 + 1 + 4)  // `noEvents`
        let spent = frames * DecodedSize.frameBytes + views * DecodedSize.textBytes + frames * views * DecodedSize.viewStateBytes
        let events = (EngineReplyLimits.maxDecodedBytes - spent) / DecodedSize.eventBytes + 1
        #expect(events <= EngineReplyLimits.maxEvents)
        layout.u32(UInt32(events))
        layout.u32(0)
        guard case .failure(let error) = Self.outcome(layout.line) else {
            Issue.record("\(events) events were read")
            return
        }
        #expect(
            error.reason.contains("field \"binary_trace.events.count\": \(events) events would decode to more than"), "\(error.reason)")
    }
}
