import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// What the navigation back recognizers remove from their translation at `.began` (engine 0.7.0,
/// issue 31). Both of UINavigationController's back recognizers are
/// `_UIParallaxTransitionPanGestureRecognizer` (D26 `_UINavigationInteractiveTransition
/// _configureNavigationGesture`). Its `_shouldTryToBeginWithEvent:` calls `_setHysteresis:15.0` on
/// the simple (edge) path and `_setHysteresis:30.0` on the complex (content) path;
/// `UIScreenEdgePanGestureRecognizer _setHysteresis:` sets the edge feature's and the pan's
/// `_hysteresis`, and `featureDidChangeState:` (feature state 1) calls `UIPanGestureRecognizer
/// _removeHysteresisFromTranslation`, which moves each component of the translation as it stood
/// before this event's centroid move `_hysteresis` towards 0 (t > 0: max(t - h, 0); else
/// min(t + h, 0)); `[super touchesMoved:]` then adds this event's movement. Engine 0.6.0 removed the
/// generic pan's 10 pt (`legacy-0.6`).
@Suite struct BackRecognizerHysteresisTests {
    static let W = 390.0
    static let ios26 = EngineProfile.preset(named: "uikit-ios26")!
    static let legacy = EngineProfile.preset(named: "legacy-0.6")!

    /// D26 `_removeHysteresisFromTranslation`, one component.
    static func removed(_ value: Double, _ h: Double) -> Double { value > 0 ? max(value - h, 0) : min(value + h, 0) }

    /// Touch-down at (x0, 400), a first move by (before, dyBefore), a second to `beginAt` (where the
    /// recognizer begins), a third 10 pt further; then a lift at rest.
    static func swipe(x0: Double, before: Double, dyBefore: Double, beginAt: Double) -> [Touch] {
        let t0 = 0.1
        var touches = [Touch(t: t0, id: 0, phase: .began, x: x0, y: 400)]
        touches.append(Touch(t: t0 + 1 / 60, id: 0, phase: .moved, x: x0 + before, y: 400 + dyBefore))
        touches.append(Touch(t: t0 + 2 / 60, id: 0, phase: .moved, x: x0 + beginAt, y: 400 + dyBefore))
        touches.append(Touch(t: t0 + 3 / 60, id: 0, phase: .moved, x: x0 + beginAt + 10, y: 400 + dyBefore))
        touches.append(Touch(t: t0 + 3 / 60, id: 0, phase: .ended, x: x0 + beginAt + 10, y: 400 + dyBefore))
        return touches
    }

    /// The first update's percent: translation.x at the `.changed` 10 pt after began, over W.
    static func firstUpdate(before: Double, beginAt: Double, h: Double) -> String {
        let translation = (beginAt - before) + removed(before, h) + 10
        return Simulation.call("updateInteractiveTransition", fraction: translation / W)
    }

    /// The edge recognizer (simple path, 15 pt): the finger is 13 or 14 pt in (either side of 13.5,
    /// both short of the edge feature's 15 pt), then 20 pt in, where it begins. 15 pt removed from
    /// 13 or 14 leaves 0; engine 0.6.0's 10 left 3 or 4.
    @Test(arguments: [13.0, 14.0], ["classic", "uikit-ios18", "uikit-ios26"])
    func theEdgeRecognizerRemovesFifteenPoints(before: Double, preset: String) throws {
        let profile = try #require(EngineProfile.preset(named: preset))
        let touches = Self.swipe(x0: 5, before: before, dyBefore: 0, beginAt: 20)
        let trace = try runCatalog("nav.interactive-pop", touches: touches, profile: profile)
        let updates = trace.events.filter { $0.detail.hasPrefix("updateInteractiveTransition") }.map(\.detail)
        #expect(updates.first == Self.firstUpdate(before: before, beginAt: 20, h: 15))
        let legacy = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.legacy)
        let legacyUpdates = legacy.events.filter { $0.detail.hasPrefix("updateInteractiveTransition") }.map(\.detail)
        #expect(legacyUpdates.first == Self.firstUpdate(before: before, beginAt: 20, h: 10))
        #expect(updates.first != legacyUpdates.first)
    }

    /// The content recognizer (complex path, 30 pt): the finger 28 or 29 pt in (1 and 2 pt short of
    /// the 30 pt at which it begins) with 12 pt of vertical drift, then 31 pt in, where it begins. 30
    /// pt removed leaves (0, 0) of that translation; engine 0.6.0's 10 left (18 or 19, 2).
    @Test(arguments: [28.0, 29.0])
    func theContentRecognizerRemovesThirtyPoints(before: Double) throws {
        let touches = Self.swipe(x0: 150, before: before, dyBefore: 12, beginAt: 31)
        let trace = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.ios26)
        let updates = trace.events.filter { $0.detail.hasPrefix("updateInteractiveTransition") }.map(\.detail)
        #expect(updates.first == Self.firstUpdate(before: before, beginAt: 31, h: 30))
        let old = try Self.ios26.overriding([("contentpop.translation_hysteresis", .number(10))])
        let legacy = try runCatalog("nav.content-swipe-pop", touches: touches, profile: old)
        let legacyUpdates = legacy.events.filter { $0.detail.hasPrefix("updateInteractiveTransition") }.map(\.detail)
        #expect(legacyUpdates.first == Self.firstUpdate(before: before, beginAt: 31, h: 10))
    }

    /// The recognizer follows one finger (`setMaximumNumberOfTouches:1` in both
    /// `UIScreenEdgePanGestureRecognizer initWithTarget:action:` and
    /// `_UIParallaxTransitionPanGestureRecognizer initWithTarget:action:`): a second finger moving
    /// 100 pt further changes nothing.
    @Test func aSecondFingerIsIgnored() throws {
        let one = Self.swipe(x0: 5, before: 14, dyBefore: 0, beginAt: 20)
        var two = one
        two.insert(Touch(t: 0.1 + 1 / 60, id: 1, phase: .began, x: 200, y: 500), at: 2)
        two.insert(Touch(t: 0.1 + 2 / 60, id: 1, phase: .moved, x: 300, y: 500), at: 4)
        two.append(Touch(t: 0.1 + 3 / 60, id: 1, phase: .ended, x: 300, y: 500))
        let a = try runCatalog("nav.interactive-pop", touches: one)
        let b = try runCatalog("nav.interactive-pop", touches: two)
        #expect(
            a.events.filter { $0.detail.hasPrefix("updateInteractiveTransition") }.map(\.detail)
                == b.events.filter { $0.detail.hasPrefix("updateInteractiveTransition") }.map(\.detail))
    }
}
