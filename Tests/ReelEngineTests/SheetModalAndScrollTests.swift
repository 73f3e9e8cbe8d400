import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// `sheet.detents-modal` (isModalInPresentation) and `sheet.scroll-handoff`
/// (prefersScrollingExpandsWhenScrolledToEdge): expected numbers computed here from the rules.
@Suite struct SheetModalAndScrollTests {
    typealias D = SheetDetentTests
    static let attempt = "presentationControllerDidAttemptToDismiss"
    /// Rubber band below the smallest detent: d = min(844 / 4, 200) = 200, c = 0.55.
    static func band(_ u: Double) -> Double { 200 * (1 - 1 / (u * 0.55 / 200 + 1)) }

    // The modal sheet's region is medium...large: pulled below medium it rubber-bands; pulled a
    // quarter of the 200 pt extent (50 pt, unconstrained) it reports the attempt, once; it springs
    // back to medium and never dismisses.
    @Test(arguments: [-2.0, 2.0])
    func modalSheetResistsAndReportsTheAttempt(offset: Double) throws {
        let pull = 50 + offset
        var touches = D.restingDrag(travel: pull + D.slop)
        let lift = touches.removeLast()
        touches.append(Touch(t: lift.t, id: 0, phase: .moved, x: lift.x, y: lift.y))
        let trace = try runCatalog("sheet.detents-modal", touches: touches)
        let held = trace.frames.last { $0.t <= lift.t }
        #expect(abs(try D.sheetValue(held) - (D.medium - Self.band(pull))) < 1e-6)
        #expect(trace.events.filter { $0.detail == Self.attempt }.count == (offset > 0 ? 1 : 0))
        #expect(trace.outcome.completed == false)
        #expect(abs(try D.sheetValue(trace.frames.last) - D.medium) < 1e-9)
        #expect(!trace.events.contains { $0.detail.hasPrefix("dismissalTransition") })
    }

    @Test(arguments: [60.0, 120.0])
    func aModalSheetNeverDismissesEvenFlickedHard(hz: Double) throws {
        let touches = steadyDrag(x0: 200, y0: 450, dy: 380, speed: 3000)
        let trace = try runCatalog("sheet.detents-modal", touches: touches, hz: hz)
        #expect(trace.outcome.completed == false)
        #expect(trace.events.filter { $0.detail == Self.attempt }.count == 1)
        #expect(abs(try D.sheetValue(trace.frames.last) - D.medium) < 1e-9)
        let plain = try runCatalog("sheet.detents", touches: touches, hz: hz)
        #expect(plain.outcome.completed)
    }

    /// The content's offset in a frame: the sheet's top less the content's top.
    static func contentOffset(_ frame: Frame) throws -> Double {
        let sheet = try #require(view(frame, "B.view"))
        let content = try #require(view(frame, "B.content"))
        return sheet.y - content.y
    }

    // Moving down: the content (offset 300) scrolls to its top edge first, then the overscroll moves
    // the sheet. Released at rest either side of half medium.
    @Test(arguments: [-2.0, 2.0])
    func downwardDragScrollsTheContentFirst(offset: Double) throws {
        let release = (D.medium + D.dismiss) / 2 + offset
        let travel = D.medium - release + 300 + D.slop
        let touches = D.restingDrag(travel: travel)
        let trace = try runCatalog("sheet.scroll-handoff", touches: touches)
        // 20 steps of travel / 20; the pan begins on the first (translation travel / 20 - 10).
        let step = travel / 20
        let handOff = try #require((1...20).first { Double($0) * step - D.slop > 300 })
        let began = try #require(trace.events.first { $0.detail == "sheetInteractionDraggingBegan(scroll)" })
        #expect(abs(began.t - (0.1 + Double(handOff) / 60)) < 1e-9)
        for frame in trace.frames where frame.t < began.t {
            let translation = touches.filter { $0.t <= frame.t }.last!.y - 600 - D.slop
            #expect(abs(try Self.contentOffset(frame) - (300 - translation)) < 1e-6)
            #expect(abs(try D.sheetValue(frame) - D.medium) < 1e-9)
        }
        #expect(trace.outcome.completed == (offset < 0))
    }

    // Moving up from medium with the property on: the sheet rises first (up to large), the content
    // keeps its offset until the sheet is at large, then scrolls with the rest.
    @Test(arguments: [(150.0, false), (200.0, true), (400.0, true)])
    func upwardDragExpandsTheSheetFirst(rise: Double, reachesLarge: Bool) throws {
        let touches = D.restingDrag(travel: -(rise + D.slop))
        let lift = try #require(touches.last).t
        let trace = try runCatalog("sheet.scroll-handoff", touches: touches)
        let held = try #require(trace.frames.last { $0.t <= lift })
        let room = D.large - D.medium
        #expect(abs(try D.sheetValue(held) - (D.medium + min(rise, room))) < 1e-6)
        #expect(abs(try Self.contentOffset(held) - (300 + max(rise - room, 0))) < 1e-6)
        let expected = D.resting(D.medium + min(rise, room), 0, D.detents)
        #expect((expected == D.large) == reachesLarge)
        #expect(abs(try D.sheetValue(trace.frames.last) - expected) < 1e-9)
    }

    @Test func withoutTheExpandingPropertyTheContentScrolls() throws {
        let profile = try EngineProfile.builtin.overriding([("sheetdetent.scrolling_expands", .bool(false))])
        let touches = D.restingDrag(travel: -(240 + D.slop))
        let trace = try runCatalog("sheet.scroll-handoff", touches: touches, profile: profile)
        let last = try #require(trace.frames.last)
        #expect(abs(try D.sheetValue(last) - D.medium) < 1e-9)
        #expect(abs(try Self.contentOffset(last) - (300 + 240)) < 1e-6)
        #expect(!trace.events.contains { $0.detail.hasPrefix("sheetInteractionDraggingBegan") })
    }

    // A pan beginning less than 0.4 s after the previous one ended leaves the resting sheet alone.
    @Test(arguments: [(0.3, false), (0.5, true)])
    func quickSuccessiveSwipesOnlyScroll(gap: Double, sheetMoves: Bool) throws {
        let profile = try EngineProfile.builtin.overriding([("sheetdetent.scrolling_expands", .bool(false))])
        let first = drag(x0: 200, y0: 600, dx: 0, dy: -60, steps: 6)
        let end = try #require(first.last).t
        var second = drag(x0: 200, y0: 300, dx: 0, dy: 500, steps: 20, t0: end + gap)
        let up = second.removeLast()
        for k in 1...5 { second.append(Touch(t: up.t + Double(k) / 60, id: 0, phase: .moved, x: up.x, y: up.y)) }
        second.append(Touch(t: up.t + 5.0 / 60, id: 0, phase: .ended, x: up.x, y: up.y))
        let trace = try runCatalog("sheet.scroll-handoff", touches: first + second, profile: profile)
        #expect(trace.events.contains { $0.detail == "sheetInteractionDraggingBegan(scroll)" } == sheetMoves)
        let lift = try #require(second.last).t
        let lowest = try trace.frames.filter { $0.t <= lift }.map { try D.sheetValue($0) }.min() ?? 0
        // Content 300 + 50 = 350 after the first pan; the second pan's 490 pt leave 140 pt for the sheet.
        #expect(abs(lowest - (sheetMoves ? D.medium - 140 : D.medium)) < 1e-6)
    }
}
