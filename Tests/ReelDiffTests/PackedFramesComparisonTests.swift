import ReelTrace
import Testing

@testable import ReelDiff

/// A replay that compares an engine's frames as packed columns (`FrameColumns`, what an exec
/// engine's binary answer gives) against recorded frames that come as one-frame columns (what the
/// archive's decoder hands out) reaches the verdict of the same frames as `Frame` values compared
/// against a whole recorded trace's columns: the same divergences, in the same order, with the same
/// numbers, whatever differs (a value of any property, a view missing, extra or out of order,
/// frames more or fewer, times and progress).
@Suite("Packed frames compared as Frame values")
struct PackedFramesComparisonTests {
    /// Frames of `views` views each (keys "V0.view" ...), values from a small linear rule.
    private static func frames(count: Int, views: Int) -> [Frame] {
        (0..<count).map { index in
            let t = Double(index) / 60
            return Frame(
                index: index, t: t, progress: min(1, Double(index) / Double(max(1, count - 1))),
                views: (0..<views).map { view in
                    ViewState(
                        key: "V\(view).view", x: 10 * Double(view) + 3 * Double(index), y: -2 * Double(index), w: 390, h: 844,
                        alpha: 1 - 0.05 * Double(index % 10),
                        transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(index), ty: 0),
                        rotationX: 0, rotationY: 0.01 * Double(view), m34: view == 0 ? 0 : -1 / 500, z: view, hidden: false)
                })
        }
    }

    /// The verdict with the replayed frames as `Frame` values and as packed columns.
    private static func verdicts(
        recorded: [Frame], replayed: [Frame], tolerances: Tolerances
    ) -> (frames: SessionComparison, packed: SessionComparison) {
        let outcome = Outcome(completed: true, t: 0.5, hierarchy: "")
        let full = Trace(frames: replayed, events: [], outcome: outcome)
        let withoutFrames = Trace(frames: [], events: [], outcome: outcome)
        let diff = TraceDiff(tolerances: tolerances)
        var plain = diff.begin(actual: full, refreshHz: 60)
        var packed = diff.begin(actual: withoutFrames, packed: FrameColumns(replayed), refreshHz: 60)
        let whole = FrameColumns(recorded)
        for (position, frame) in recorded.enumerated() {
            plain.compare(recorded: whole, frame: position)
            packed.compare(recorded: frame)
        }
        return (plain.verdict(recordedOutcome: outcome), packed.verdict(recordedOutcome: outcome))
    }

    @Test func packedFramesMakeTheSameFrames() {
        let frames = Self.frames(count: 7, views: 3)
        let packed = FrameColumns(frames)
        #expect(packed.count == 7)
        #expect(packed.keys == ["V0.view", "V1.view", "V2.view"])
        #expect(packed.frames == frames)
    }

    @Test(arguments: ["value", "missing", "extra", "reordered", "fewer", "more", "time", "progress", "zAndHidden", "same"])
    func aDifferenceGivesTheVerdictOfTheFrames(_ change: String) throws {
        let recorded = Self.frames(count: 12, views: 3)
        var replayed = recorded
        switch change {
        case "value":
            // Every property of view 1 at frame 4, each by more than its default tolerance.
            var view = replayed[4].views[1]
            view.x += 5
            view.y -= 5
            view.w += 3
            view.h += 3
            view.alpha -= 0.3
            view.transform = AffineTransform(a: 1.2, b: 0.1, c: -0.1, d: 0.8, tx: view.transform.tx + 4, ty: 6)
            view.rotationX = 0.5
            view.rotationY += 0.5
            view.m34 = -1 / 100
            replayed[4].views[1] = view
        case "missing": replayed[5].views.remove(at: 2)
        case "extra":
            replayed[6].views.append(ViewState(key: "snapshot", x: 0, y: 0, w: 10, h: 10, z: 3))
        case "reordered": replayed[7].views.swapAt(0, 2)
        case "fewer": replayed.removeLast(3)
        case "more": replayed += Self.frames(count: 15, views: 3).suffix(3)
        case "time": replayed[8].t += 0.02
        case "progress": replayed[9].progress += 0.25
        case "zAndHidden":
            replayed[3].views[0].z = 7
            replayed[3].views[2].hidden = true
        default: break
        }
        for tolerances in [Tolerances.default, Tolerances.exact] {
            let (frames, packed) = Self.verdicts(recorded: recorded, replayed: replayed, tolerances: tolerances)
            #expect(packed == frames, "\(change)")
            if change == "same" || change == "reordered" {
                // Views are matched by key: the same views in another order are the same frame.
                #expect(frames.status == .matched)
            } else {
                #expect(frames.status == .diverged, "\(change)")
            }
        }
    }

    @Test func aValueBeyondItsToleranceIsReportedWithItsDelta() throws {
        let recorded = Self.frames(count: 6, views: 2)
        var replayed = recorded
        replayed[2].views[1].alpha -= 0.25
        let (_, packed) = Self.verdicts(recorded: recorded, replayed: replayed, tolerances: .default)
        let divergence = try #require(packed.divergences.first { $0.kind == .frame })
        #expect(divergence.frameIndex == 2)
        #expect(divergence.viewKey == "V1.view")
        #expect(divergence.property == "alpha")
        // actual - expected: alpha at frame 2 is 1 - 0.05 * 2 = 0.9, replayed 0.65.
        #expect(divergence.delta == (0.9 - 0.25) - 0.9)
        #expect(packed.firstDivergentFrame == 2)
    }
}
