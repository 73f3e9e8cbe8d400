import Testing

/// The oracle on hand-made sessions whose outcome follows from each rule's own arithmetic.
@Suite("Decision oracle rules")
struct OracleRuleTests {
    private let phone = OracleScreen(width: 390, height: 844)

    private func touch(_ t: Double, _ id: Int, _ phase: OraclePhase, _ x: Double, _ y: Double) -> OracleTouch {
        OracleTouch(t: t, id: id, phase: phase, x: x, y: y)
    }

    private func decide(_ scenario: String, touches: [OracleTouch], profile: OracleProfile = .classic) -> OracleDecision {
        Oracle.decide(OracleFamily(scenario: scenario, profile: profile), touches: touches, screen: phone).decision
    }

    private func actions(_ touches: [OracleTouch], pan: OraclePan = OraclePan()) -> [OracleAction] {
        var pan = pan
        return OracleEvent.events(of: touches).compactMap { pan.handle($0) }
    }

    @Test func hysteresisIsRemovedPerAxisAndTheLiftAddsNoMovement() {
        let found = actions([
            touch(0, 0, .began, 100, 100), touch(0.016, 0, .moved, 104, 112),
            touch(0.032, 0, .moved, 107, 130), touch(0.048, 0, .ended, 150, 300),
        ])
        #expect(found.map(\.state) == [.began, .changed, .ended])
        #expect(found[0].translation == OraclePoint(x: 0, y: 2))  // (4, 12) less 10 per axis
        #expect(found[1].translation == OraclePoint(x: 3, y: 20))
        #expect(found[2].translation == found[1].translation && found[2].velocity == found[1].velocity)
        // 0.2 x latest (3, 18) / 0.016 + 0.8 x previous (4, 12) / 0.016
        #expect(abs(found[1].velocity.y - (0.2 * 18 + 0.8 * 12) / 0.016) < 1e-9)
    }

    @Test func aSecondFingerReBasesTheCentroidAndARestingOneHalvesTheMovement() {
        let found = actions([
            touch(0, 0, .began, 100, 100), touch(0.016, 0, .moved, 100, 120),
            touch(0.032, 0, .moved, 100, 130), touch(0.032, 1, .began, 200, 400),
            touch(0.048, 0, .moved, 100, 150), touch(0.048, 1, .stationary, 200, 400),
            touch(0.064, 1, .ended, 200, 400), touch(0.080, 0, .moved, 100, 160), touch(0.096, 0, .ended, 100, 160),
        ])
        #expect(found.map(\.translation.y) == [10, 20, 30, 40, 40])  // no jump at the landing; +20 / 2 while both down
    }

    @Test func aBackSwipeWithoutChangedDoesNotPopAndSlowEdgeTouchesFail() {
        let flick = [touch(0, 0, .began, 5, 400), touch(0.016, 0, .moved, 60, 401), touch(0.03, 0, .ended, 120, 401)]
        #expect(decide("nav.interactive-pop", touches: flick).finish == false)
        let late = [
            touch(0, 0, .began, 5, 400), touch(0.26, 0, .moved, 30, 400), touch(0.3, 0, .moved, 200, 400), touch(0.32, 0, .ended, 200, 400),
        ]
        #expect(decide("nav.interactive-pop", touches: late).progress == nil)
        let inland = [
            touch(0, 0, .began, 14, 400), touch(0.016, 0, .moved, 40, 400), touch(0.032, 0, .moved, 300, 400),
            touch(0.05, 0, .ended, 300, 400),
        ]
        #expect(decide("nav.interactive-pop", touches: inland).progress == nil)
    }

    @Test func aSteadyBackSwipePastTheThresholdPops() {
        var touches = [touch(0, 0, .began, 5, 400)]
        for k in 1...20 { touches.append(touch(Double(k) / 60, 0, .moved, 5 + 12 * Double(k), 400)) }
        touches.append(touch(21.0 / 60, 0, .ended, 245, 400))
        let decision = decide("nav.interactive-pop", touches: touches)
        #expect(decision.finish)
        // Began at dx 24: the previous translation less 15 pt (`_setHysteresis:15.0`: 12 - 15 -> 0) plus
        // this move (12) = 12; then +12 in 18 .changed.
        let expected: Double = (12.0 + 12 * 18) / 390
        #expect(decision.progress == expected)
    }

    @Test func cancelledDragsFinishWhereTheHandlerSharesEndedsBranch() {
        let drag = [
            touch(0, 0, .began, 200, 100), touch(0.016, 0, .moved, 200, 130),
            touch(0.032, 0, .moved, 200, 450), touch(0.05, 0, .cancelled, 200, 450),
        ]
        #expect(decide("sheet.drag-dismiss", touches: drag).finish)  // seed 003
        #expect(decide("image.drag-dismiss", touches: drag).finish)  // MDTransitioning
        #expect(decide("modal.swipe-dismiss", touches: drag).finish == false)  // seed 000 cancels
        // Seed 003 measures from the translation at .began (20), so 320 / 744 > 0.4.
        #expect(decide("sheet.drag-dismiss", touches: drag).progress == 320.0 / 744)
    }

    @Test func seed000DecidesOnItsLastChangedFraction() {
        let noChange = [touch(0, 0, .began, 200, 100), touch(0.016, 0, .moved, 200, 400), touch(0.03, 0, .ended, 200, 420)]
        #expect(decide("modal.swipe-dismiss", touches: noChange).finish == false)
        let past = noChange.dropLast() + [touch(0.032, 0, .moved, 200, 411), touch(0.05, 0, .ended, 200, 411)]
        #expect(decide("modal.swipe-dismiss", touches: Array(past)).finish)  // (311 - 10) / 400 > 0.5
    }

    @Test func pinchFractionIsMeasuredFromTheScaleAtBegan() {
        // 200 pt apart; the pinch begins at 190 (|200 - 190| > 8), initialTouchDistance becomes 192.
        var touches = [
            touch(0, 0, .began, 95, 400), touch(0, 1, .began, 295, 400),
            touch(0.016, 0, .moved, 100, 400), touch(0.016, 1, .moved, 290, 400),
        ]
        touches += [
            touch(0.032, 0, .moved, 147, 400), touch(0.032, 1, .moved, 243, 400),
            touch(0.05, 0, .ended, 147, 400), touch(0.05, 1, .ended, 243, 400),
        ]
        let decision = decide("modal.pinch-dismiss", touches: touches)
        #expect(abs(decision.progress! - (1 - 96.0 / 190)) < 1e-12)  // 0.4947: cancel, though 1 - 96 / 200 > 0.5
        #expect(decision.finish == false)
    }

    @Test func verticalSwipePopBeginsOnlyNearTheTopMovingDown() {
        let low = [
            touch(0, 0, .began, 200, 300), touch(0.016, 0, .moved, 200, 320), touch(0.032, 0, .moved, 200, 600),
            touch(0.05, 0, .ended, 200, 600),
        ]
        #expect(decide("nav.vertical-swipe-pop", touches: low).progress == nil)
        let top = low.map { touch($0.t, 0, $0.phase, $0.x, $0.y - 260) }
        #expect(decide("nav.vertical-swipe-pop", touches: top).finish)  // (280 - 10) / 844 > 0.25
    }

    /// The content recognizer (iOS 26): begins at 30 pt of travel; the oracle's reading removes the
    /// 30 pt from the translation after the event's move (`_shouldTryToBeginWithEvent:` run by
    /// `[super touchesMoved:]`), the engine's from the one before it (the feature fed first). A swipe
    /// from x 150 moving 12 pt a frame begins at 36 (previous 24): 6 pt against 12 pt at began.
    @Test func theContentPopsTwoReadingsDifferByTheLastStepShortOfThirty() {
        var touches = [touch(0, 0, .began, 150, 400)]
        for k in 1...4 { touches.append(touch(Double(k) / 60, 0, .moved, 150 + 12 * Double(k), 400)) }
        touches.append(touch(5.0 / 60, 0, .ended, 198, 400))
        let events = OracleEvent.events(of: touches)
        let own = Oracle.contentPop(events, screen: phone, removesAfterTheMove: true)
        let engine = Oracle.contentPop(events, screen: phone, removesAfterTheMove: false)
        // At began (dx 36): own 36 - 30 = 6, engine 12 + (24 - 30 -> 0) = 12; one .changed adds 12.
        #expect(own.progress == 18.0 / 390)
        #expect(engine.progress == 24.0 / 390)
        // Under classic the content touch starts nothing.
        #expect(decide("nav.content-swipe-pop", touches: touches).outcome == .none)
    }

    /// The zoom's end rule: translation + 0.099 x velocity against 100 pt, a cancelled drag alike.
    @Test func theZoomDragDecidesByTranslationAndATenthOfVelocity() {
        var touches = [touch(0, 0, .began, 200, 300)]
        for k in 1...10 { touches.append(touch(Double(k) / 60, 0, .moved, 200, 300 + 11 * Double(k))) }
        for k in 11...13 { touches.append(touch(Double(k) / 60, 0, .moved, 200, 410)) }
        let ended = touches + [touch(13.0 / 60, 0, .ended, 200, 410)]
        let cancelled = touches + [touch(13.0 / 60, 0, .cancelled, 200, 410)]
        // At rest: ty = 110 - 10 = 100, not past 100.
        #expect(decide("zoom.dismiss-drag", touches: ended).outcome == .cancelled)
        #expect(decide("zoom.dismiss-drag", touches: cancelled).outcome == .cancelled)
        var farther: [OracleTouch] = touches.map { (line: OracleTouch) -> OracleTouch in
            touch(line.t, 0, line.phase, line.x, line.y == 410 ? 411 : line.y)
        }
        farther.append(touch(13.0 / 60, 0, .cancelled, 200, 411))
        #expect(decide("zoom.dismiss-drag", touches: farther).outcome == .finished)
    }

    /// A modal sheet has no dismiss position: a hard flick down rests at medium, and the release rule
    /// picks between medium and large by the projection (value + v 0.99 / 0.01 / 1000) alone.
    @Test func aModalSheetRestsAtMediumOrLargeOnly() {
        var touches = [touch(0, 0, .began, 200, 600)]
        for k in 1...6 { touches.append(touch(Double(k) / 60, 0, .moved, 200, 600 + 40 * Double(k))) }
        touches.append(touch(6.5 / 60, 0, .ended, 200, 840))
        #expect(decide("sheet.detents", touches: touches).outcome == .finished)
        #expect(decide("sheet.detents-modal", touches: touches).outcome == .medium)
        // Up 150 pt at rest: value 421.68 + 140 (10 pt hysteresis) = 561.68, below the 587.3 midpoint.
        var up = [touch(0, 0, .began, 200, 600)]
        for k in 1...15 { up.append(touch(Double(k) / 60, 0, .moved, 200, 600 - 10 * Double(k))) }
        for k in 16...21 { up.append(touch(Double(k) / 60, 0, .moved, 200, 450)) }
        up.append(touch(21.5 / 60, 0, .ended, 200, 450))
        let modal = decide("sheet.detents-modal", touches: up)
        #expect(modal.outcome == .medium)
        let medium = 0.56 * (844.0 - 34 - 57)
        #expect(abs(modal.margin! - ((medium + 140) - (medium + 753) / 2)) < 1e-9)
    }

    /// The scroll hand-off: down through the content's 300 pt the sheet stays; past the top edge it
    /// takes the overscroll (u = 300 - translation < 0) and its release decides.
    @Test func theScrollViewHandsItsOverscrollToTheSheet() {
        func drag(_ dy: Double, frames: Int) -> [OracleTouch] {
            var touches = [touch(0, 0, .began, 200, 450)]
            for k in 1...frames { touches.append(touch(Double(k) / 60, 0, .moved, 200, 450 + dy * Double(k) / Double(frames))) }
            for k in 1...6 { touches.append(touch(Double(frames + k) / 60, 0, .moved, 200, 450 + dy)) }
            touches.append(touch(Double(frames + 6) / 60 + 0.005, 0, .ended, 200, 450 + dy))
            return touches
        }
        // 250 pt: the content scrolls alone, the sheet rests at medium.
        #expect(decide("sheet.scroll-handoff", touches: drag(250, frames: 25)).outcome == .medium)
        // 600 pt at rest: translation 590, u = -290, value 421.68 - 290 = 131.68 < 193.84 (dismiss/medium midpoint).
        let far = decide("sheet.scroll-handoff", touches: drag(600, frames: 60))
        #expect(far.outcome == .finished)
        #expect(abs(far.margin! - ((0.56 * 753 - 290) - (0.56 * 753 - 34) / 2)) < 1e-9)
    }

    /// The interrupted push: classic ignores the swipe (the push finishes); iOS 26 catches it and a
    /// long swipe pops (the push is cancelled). The paced fraction of the ease-in-ease-out curve is
    /// 0.5 at half time and below the time fraction before it.
    @Test func aSwipeCatchesTheRunningPushOnlyWithInterruptibleTransitions() {
        var touches = [touch(0.1, 0, .began, 200, 500), touch(0.2, 0, .ended, 200, 500), touch(0.25, 1, .began, 5, 400)]
        for k in 1...20 { touches.append(touch(0.25 + Double(k) / 60, 1, .moved, 5 + 15 * Double(k), 400)) }
        touches.append(touch(0.25 + 20.5 / 60, 1, .ended, 305, 400))
        #expect(decide("nav.interrupt-push", touches: touches).outcome == .finished)
        #expect(decide("nav.interrupt-push", touches: touches, profile: .ios26).outcome == .cancelled)
        #expect(abs(OracleInterruptPush.easeInEaseOut(0.5) - 0.5) < 1e-12)
        #expect(OracleInterruptPush.easeInEaseOut(0.25) < 0.25 && OracleInterruptPush.easeInEaseOut(0.25) > 0.1)
    }
}
