import ReelStore
import ReelTrace
import Testing

@testable import ReelDiff

/// A two-view trace in the shape the engine produces: B slides in from the right over 3 frames.
private func slideTrace(shift: Double = 0, completed: Bool = true, end: Double = 0.05) -> Trace {
    let frames = (0..<3).map { i in
        Frame(
            index: i, t: Double(i) / 60, progress: Double(i) / 2,
            views: [
                ViewState(key: "A.view", x: -117 * Double(i) / 2, y: 0, w: 390, h: 844, z: 0),
                ViewState(key: "B.view", x: 390 * (1 - Double(i) / 2) + (i == 1 ? shift : 0), y: 0, w: 390, h: 844, z: 1),
            ])
    }
    let events = [
        TraceEvent(t: 0, kind: "lifecycle", subject: "A", detail: "viewWillDisappear"),
        TraceEvent(t: 0, kind: "lifecycle", subject: "B", detail: "viewWillAppear"),
        TraceEvent(t: 0, kind: "transition", subject: "nav", detail: "updateInteractiveTransition(0.25)"),
    ]
    return Trace(frames: frames, events: events, outcome: Outcome(completed: completed, t: end, hierarchy: "{}"))
}

@Test func identicalTracesMatchAtZeroTolerance() {
    let result = TraceDiff(tolerances: .exact).compare(expected: slideTrace(), actual: slideTrace(), refreshHz: 60)
    #expect(result.status == .matched)
    #expect(result.divergences.isEmpty)
    #expect(result.firstDivergentFrame == nil)
}

@Test func aDecisionFlipIsReported() {
    let result = TraceDiff().compare(
        expected: slideTrace(completed: true), actual: slideTrace(completed: false), refreshHz: 60)
    #expect(result.status == .diverged)
    #expect(result.decisionExpected == true && result.decisionActual == false)
    #expect(result.divergences.first?.kind == .decision)
}

@Test func aShiftWithinToleranceIsNotADivergence() {
    let result = TraceDiff(tolerances: .default).compare(
        expected: slideTrace(), actual: slideTrace(shift: 0.3), refreshHz: 60)
    #expect(result.status == .matched)
}

@Test func aShiftBeyondToleranceNamesFrameViewAndProperty() throws {
    let result = TraceDiff(tolerances: .default).compare(
        expected: slideTrace(), actual: slideTrace(shift: 2), refreshHz: 60)
    #expect(result.status == .diverged)
    let divergence = try #require(result.divergences.first { $0.kind == .frame })
    #expect(divergence.frameIndex == 1)
    #expect(divergence.viewKey == "B.view")
    #expect(divergence.property == "x")
    #expect(divergence.delta == 2)
    #expect(result.firstDivergentFrame == 1)
    #expect(result.maxError == 2)
}

/// docs/SCHEMA.md: delta is actual − expected, so a view behind its recording has a negative
/// delta; max_error is the size of the largest difference.
@Test func deltaIsSignedAndMaxErrorIsItsSize() throws {
    let result = TraceDiff(tolerances: .default).compare(
        expected: slideTrace(), actual: slideTrace(shift: -2), refreshHz: 60)
    let divergence = try #require(result.divergences.first { $0.kind == .frame })
    #expect(divergence.delta == -2)
    #expect(result.maxError == 2)
}

@Test func exactToleranceCatchesTheSmallestChange() {
    var actual = slideTrace()
    actual.frames[2].views[0].alpha = 1.0.nextDown
    let result = TraceDiff(tolerances: .exact).compare(expected: slideTrace(), actual: actual, refreshHz: 60)
    #expect(result.divergences.map(\.property) == ["alpha"])
}

@Test func completionTimeIsAllowedOneFrame() {
    let oneFrameLate = TraceDiff().compare(
        expected: slideTrace(end: 0.05), actual: slideTrace(end: 0.05 + 1.0 / 60), refreshHz: 60)
    #expect(!oneFrameLate.divergences.contains { $0.kind == .timing })
    let twoFramesLate = TraceDiff().compare(
        expected: slideTrace(end: 0.05), actual: slideTrace(end: 0.05 + 2.0 / 60), refreshHz: 60)
    #expect(twoFramesLate.divergences.contains { $0.kind == .timing })
}

@Test func lifecycleOrderIsComparedByCallNameNotArguments() {
    var reordered = slideTrace()
    reordered.events.swapAt(0, 1)
    let result = TraceDiff().compare(expected: slideTrace(), actual: reordered, refreshHz: 60)
    #expect(result.divergences.map(\.kind) == [.lifecycle])
    #expect(result.divergences[0].expected == "A.viewWillDisappear")

    var otherArgument = slideTrace()
    otherArgument.events[2].detail = "updateInteractiveTransition(0.5)"
    #expect(TraceDiff().compare(expected: slideTrace(), actual: otherArgument, refreshHz: 60).status == .matched)
}

@Test func missingAndExtraViewsAndFrameCount() {
    var actual = slideTrace()
    actual.frames[1].views[1].key = "snapshot"
    actual.frames.removeLast()
    let kinds = TraceDiff().compare(expected: slideTrace(), actual: actual, refreshHz: 60).divergences.map(\.kind)
    #expect(kinds == [.frameCount, .missingView, .extraView])
}

@Test func toleranceParsing() throws {
    #expect(try Tolerances(parsing: "exact") == .exact)
    let custom = try Tolerances(parsing: "position=0.5,alpha=0")
    #expect(custom.position == 0.5 && custom.alpha == 0 && custom.size == Tolerances.default.size)
    #expect(throws: ToleranceError.self) { try Tolerances(parsing: "speed=2") }
    #expect(throws: ToleranceError.self) { try Tolerances(parsing: "alpha=-1") }
}
