import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// The system sheet's detents (docs/ENGINE.md, "Sheet detents (iOS 15-26)"): every expected number
/// is computed here from the published rules, on the default phone (390 x 844, safe area top 47,
/// bottom 34). Values are points of sheet above the bottom safe-area edge.
@Suite struct SheetDetentTests {
    static let H = 844.0
    static let bottom = 34.0
    /// Large value: height - bottom inset - (safe area top 47 + the 10 pt gap); medium: 0.56 of it;
    /// the dismiss position puts the sheet's top at the bottom edge.
    static let large = H - bottom - 47 - 10
    static let medium = large * 0.56
    static let dismiss = -bottom
    static var detents: [Double] { [dismiss, medium, large] }
    /// The pan's hysteresis: the sheet moves by the travel less 10 pt.
    static let slop = 10.0
    /// D26 projection: value + v x 0.99 / (1 - 0.99) / 1000.
    static func projected(_ value: Double, _ v: Double) -> Double { value + v * 0.99 / (1 - 0.99) / 1000 }

    /// D26 `draggingEndedInSource:` written out independently: the detent closest to the projected
    /// value (ties to the larger); at 1000 pt/s or more, when that is the closest detent to the
    /// release and the sheet moves away from it, the next detent in the direction of motion.
    static func resting(_ value: Double, _ v: Double, _ detents: [Double]) -> Double {
        let projection = projected(value, abs(v) < 250 ? 0 : v)
        func closest(_ x: Double) -> Int {
            var best = 0
            for i in detents.indices where abs(detents[i] - x) <= abs(detents[best] - x) { best = i }
            return best
        }
        let near = closest(value)
        var chosen = closest(projection)
        if abs(v) >= 1000, chosen == near, (value < detents[near]) == (v < 0) {
            chosen = min(max(near + (v >= 0 ? 1 : -1), 0), detents.count - 1)
        }
        return detents[chosen]
    }

    /// The sheet's value in a frame (points above the bottom edge).
    static func sheetValue(_ frame: Frame?) throws -> Double {
        let sheet = try #require(frame.flatMap { view($0, "B.view") })
        return H - bottom - sheet.y
    }

    /// A drag of `travel` points (positive down) at a steady `speed`, then a lift: released at
    /// value start - (travel - 10) moving at -speed (upwards positive) when travel is down.
    static func flick(travel: Double, speed: Double, y0: Double = 600) -> [Touch] {
        steadyDrag(x0: 200, y0: y0, dy: travel, speed: speed)
    }

    /// A drag of `travel` points that comes to rest (ten still samples) before lifting: velocity 0.
    static func restingDrag(travel: Double, y0: Double = 600) -> [Touch] {
        var touches = drag(x0: 200, y0: y0, dx: 0, dy: travel, steps: 20)
        let lift = touches.removeLast()
        for k in 1...10 { touches.append(Touch(t: lift.t + Double(k) / 60, id: 0, phase: .moved, x: lift.x, y: lift.y)) }
        touches.append(Touch(t: lift.t + 11.0 / 60, id: 0, phase: .ended, x: lift.x, y: lift.y))
        return touches
    }

    // Slow releases: the closest detent. Medium <-> large boundary at their midpoint, dismiss <-> medium at half medium.
    @Test(arguments: [-2.0, 2.0])
    func slowDragUpStraddlesTheMediumLargeMidpoint(offset: Double) throws {
        let release = (Self.medium + Self.large) / 2 + offset
        let travel = -(release - Self.medium + Self.slop)
        let trace = try runCatalog("sheet.detents", touches: Self.restingDrag(travel: travel))
        let expected = Self.resting(release, 0, Self.detents)
        #expect(expected == (offset > 0 ? Self.large : Self.medium))
        let last = try #require(trace.frames.last)
        #expect(abs(try Self.sheetValue(last) - expected) < 1e-9)
        #expect(trace.outcome.completed == false)
        let changed = trace.events.contains { $0.detail == "sheetPresentationControllerDidChangeSelectedDetentIdentifier(large)" }
        #expect(changed == (offset > 0))
    }

    @Test(arguments: [-2.0, 2.0])
    func slowDragDownStraddlesTheDismissBoundary(offset: Double) throws {
        let release = (Self.medium + Self.dismiss) / 2 + offset
        let travel = Self.medium - release + Self.slop
        let trace = try runCatalog("sheet.detents", touches: Self.restingDrag(travel: travel))
        #expect((Self.resting(release, 0, Self.detents) == Self.dismiss) == (offset < 0))
        #expect(trace.outcome.completed == (offset < 0))
        if offset < 0 {
            #expect(
                calls(trace, kinds: ["presentation", "lifecycle", "delegate"]).suffix(3) == [
                    "B.presentation.dismissalTransitionDidEnd(true)", "B.viewDidDisappear", "B.presentationControllerDidDismiss",
                ])
            #expect(trace.outcome.hierarchy.contains("\"presented\":[]"))
        }
    }

    // Flicks below the speed threshold: the projection decides. Released 150 pt below medium, the
    // projection crosses the dismiss/medium midpoint at (release - midpoint) / 0.099 pt/s.
    @Test(arguments: [-15.0, 15.0])
    func flickDownProjectsPastTheDismissBoundary(offset: Double) throws {
        let release = Self.medium - 150
        let boundary = (release - (Self.medium + Self.dismiss) / 2) / (0.99 / (1 - 0.99) / 1000)
        let speed = boundary + offset
        #expect(speed > 250 && speed < 1000)
        let expected = Self.resting(release, -speed, Self.detents)
        #expect((expected == Self.dismiss) == (offset > 0))
        let trace = try runCatalog("sheet.detents", touches: Self.flick(travel: 150 + Self.slop, speed: speed, y0: 500))
        #expect(trace.outcome.completed == (expected == Self.dismiss))
        #expect(abs(try Self.sheetValue(trace.frames.last) - expected) < 1e-9)
    }

    // At and above 1000 pt/s a short flick up from medium goes to large although its projection stays at medium.
    @Test(arguments: [990.0, 1010.0])
    func highSpeedStepsOneDetent(speed: Double) throws {
        let release = Self.medium + 30
        #expect(abs(Self.projected(release, speed) - Self.medium) < abs(Self.projected(release, speed) - Self.large))
        let expected = Self.resting(release, speed, Self.detents)
        #expect(expected == (speed >= 1000 ? Self.large : Self.medium))
        let trace = try runCatalog("sheet.detents", touches: Self.flick(travel: -(30 + Self.slop), speed: speed))
        #expect(abs(try Self.sheetValue(trace.frames.last) - expected) < 1e-9)
    }

    // Frames: start (the first frame after the drag began), middle (the spring), end (at the detent).
    @Test func framesFollowTheFingerThenTheSpring() throws {
        let travel = -(200.0 + Self.slop)
        let touches = Self.restingDrag(travel: travel)
        let trace = try runCatalog("sheet.detents", touches: touches)
        let release = Self.medium + 200
        let lift = try #require(touches.last).t
        // Start: the first frame after the pan began shows the finger's translation at that time.
        let first = try #require(trace.frames.first)
        let began = try #require(trace.events.first { $0.detail == "began" }).t
        let fingerAtFirst = touches.filter { $0.t <= first.t }.last!.y - 600
        #expect(first.t >= began)
        #expect(abs(try Self.sheetValue(first) - (Self.medium - (fingerAtFirst + Self.slop))) < 1e-6)
        // Middle: critically damped spring (response 0.3441442326) from the release to large, from rest.
        let w = 2 * Double.pi / 0.3441442326
        let middle = try #require(trace.frames.first { $0.t > lift + 0.1 })
        let s = middle.t - lift
        let progress = 1 - exp(-w * s) * (1 + w * s)
        #expect(abs(try Self.sheetValue(middle) - (release + (Self.large - release) * progress)) < 1e-6)
        // End: at large, the presenter scaled back by 16 pt a side with its top 10 pt above the sheet's
        // (57 - 10), dimmed to 0.2 (largest undimmed: medium).
        let last = try #require(trace.frames.last)
        let sheet = try #require(view(last, "B.view"))
        let presenter = try #require(view(last, "A.view"))
        let dimming = try #require(view(last, "dimming"))
        let scale = 1 - 2 * 16 / 390.0
        #expect(abs(sheet.y - 57) < 1e-9)
        #expect(abs(sheet.h - (Self.H - 57)) < 1e-9)
        #expect(abs(presenter.transform.a - scale) < 1e-9)
        #expect(abs(presenter.transform.ty - (47 - Self.H * (1 - scale) / 2)) < 1e-9)
        #expect(abs(dimming.alpha - 0.2) < 1e-9)
        #expect(abs(trace.outcome.t - last.t) < 1e-12)
    }

    // Dimming: clear at or below medium (the largest undimmed detent), 0.2 at large, linear in between.
    @Test func dimmingAndPresenterScaleInterpolateBetweenMediumAndLarge() throws {
        let layout = SheetDetentLayout(device: .phone, profile: .builtin, modal: false)
        let mid = (Self.medium + Self.large) / 2
        #expect(layout.dimming(value: Self.medium) == 0)
        #expect(layout.dimming(value: Self.medium - 50) == 0)
        #expect(abs(layout.dimming(value: mid) - 0.1) < 1e-12)
        #expect(abs(layout.dimming(value: Self.large) - 0.2) < 1e-12)
        #expect(abs(layout.presenterFraction(value: mid) - 0.5) < 1e-12)
        #expect(layout.presenterFraction(value: Self.medium) == 0)
    }

    // Rubber band above large: extent = the 10 pt gap to the safe area top (at most 100), c = 0.55.
    @Test func pullingAboveLargeRubberBands() throws {
        let up = Self.large - Self.medium + 100
        var touches = Self.restingDrag(travel: -(up + Self.slop))
        let lift = touches.removeLast()
        touches.append(Touch(t: lift.t, id: 0, phase: .moved, x: lift.x, y: lift.y))
        let trace = try runCatalog("sheet.detents", touches: touches)
        let banded = Self.large + 10 * (1 - 1 / (100 * 0.55 / 10 + 1))
        let held = try #require(trace.frames.last { $0.t <= lift.t })
        #expect(abs(try Self.sheetValue(held) - banded) < 1e-6)
        #expect(abs(try Self.sheetValue(trace.frames.last) - Self.large) < 1e-9)
    }

    // A custom detent from a resolver (200 pt) sits between dismiss and medium; the sheet starts at
    // its smallest detent, so at 200. Released 100 pt above it: 200 is closer; 120 pt: medium is.
    @Test(arguments: [100.0, 120.0])
    func customDetentIsADetent(rise: Double) throws {
        let profile = try EngineProfile.builtin.overriding([("sheetdetent.custom_height", .number(200))])
        let layout = SheetDetentLayout(device: .phone, profile: profile, modal: false)
        #expect(layout.detents.map(\.value) == [Self.dismiss, 200, Self.medium, Self.large])
        let expected = Self.resting(200 + rise, 0, [Self.dismiss, 200, Self.medium, Self.large])
        #expect(expected == (rise < (Self.medium - 200) / 2 ? 200 : Self.medium))
        let trace = try runCatalog("sheet.detents", touches: Self.restingDrag(travel: -(rise + Self.slop)), profile: profile)
        #expect(abs(try Self.sheetValue(trace.frames.last) - expected) < 1e-9)
    }

    // In compact height (landscape: insets 0 top, 21 bottom) medium is inactive: dismiss and large,
    // large = 390 - 21 - 10.
    @Test func landscapeHasNoMedium() {
        let landscape = Device(width: 844, height: 390, scale: 3)
        let layout = SheetDetentLayout(device: landscape, profile: .builtin, modal: false)
        #expect(layout.detents.map(\.identifier) == ["dismiss", "large"])
        #expect(layout.largeValue == 390 - 21 - 10)
    }

    // Passing below the smallest detent starts the dismissal (should, will, willBegin); let go and
    // settled back at medium, it is taken back at the spring's end.
    @Test func aDismissalTheFingerTakesBackIsCancelled() throws {
        var touches = drag(x0: 200, y0: 500, dx: 0, dy: 60, steps: 10)
        let down = touches.removeLast()
        let back = drag(x0: 200, y0: down.y, dx: 0, dy: -60, steps: 10, t0: down.t + 1.0 / 60)
        touches += back.dropFirst().dropLast()
        let last = try #require(touches.last)
        for k in 1...10 { touches.append(Touch(t: last.t + Double(k) / 60, id: 0, phase: .moved, x: last.x, y: last.y)) }
        touches.append(Touch(t: last.t + 10.0 / 60, id: 0, phase: .ended, x: last.x, y: last.y))
        let trace = try runCatalog("sheet.detents", touches: touches)
        #expect(trace.outcome.completed == false)
        #expect(abs(try Self.sheetValue(trace.frames.last) - Self.medium) < 1e-9)
        let order = calls(trace, kinds: ["presentation", "lifecycle", "delegate"]).filter { !$0.contains("sheetInteraction") }
        #expect(
            order == [
                "B.presentationControllerShouldDismiss -> true", "B.presentationControllerWillDismiss",
                "B.presentation.dismissalTransitionWillBegin", "B.viewWillDisappear",
                "B.presentation.dismissalTransitionDidEnd(false)", "B.viewWillAppear", "B.viewDidAppear",
            ])
        let end = try #require(trace.events.first { $0.detail == "dismissalTransitionDidEnd(false)" })
        #expect(abs(end.t - trace.outcome.t) < 1e-12)
    }

    // A finger landing while the sheet settles takes it where the spring has it.
    @Test func aFingerTakesTheSettlingSheetBack() throws {
        let first = Self.restingDrag(travel: -(200 + Self.slop))
        let release = Self.medium + 200
        let lift = try #require(first.last).t
        // Lands on a tick (ticks at k / 60) about 0.1 s after the lift, moves 12 pt down on the next.
        let k = Int((lift + 0.1) * 60) + 1
        let landing = Double(k) / 60
        let began = Double(k + 1) / 60
        let second = [
            Touch(t: landing, id: 0, phase: .began, x: 200, y: 300), Touch(t: began, id: 0, phase: .moved, x: 200, y: 312),
            Touch(t: Double(k + 2) / 60, id: 0, phase: .moved, x: 200, y: 312),
            Touch(t: Double(k + 3) / 60, id: 0, phase: .moved, x: 200, y: 312),
            Touch(t: Double(k + 3) / 60, id: 0, phase: .ended, x: 200, y: 312),
        ]
        let trace = try runCatalog("sheet.detents", touches: first + second)
        let w = 2 * Double.pi / 0.3441442326
        let s = began - lift
        let springValue = release + (Self.large - release) * (1 - exp(-w * s) * (1 + w * s))
        let frame = try #require(trace.frames.first { abs($0.t - began) < 1e-9 })
        #expect(abs(try Self.sheetValue(frame) - (springValue - 2)) < 1e-6)
        #expect(trace.events.filter { $0.detail == "sheetInteractionDraggingBegan(pan)" }.count == 2)
    }
}
