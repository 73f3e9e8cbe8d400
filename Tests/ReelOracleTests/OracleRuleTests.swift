import Testing

/// The oracle on hand-made sessions whose outcome follows from each rule's own arithmetic.
@Suite("Decision oracle rules")
struct OracleRuleTests {
    private let phone = OracleScreen(width: 390, height: 844)

    private func touch(_ t: Double, _ id: Int, _ phase: OraclePhase, _ x: Double, _ y: Double) -> OracleTouch {
        OracleTouch(t: t, id: id, phase: phase, x: x, y: y)
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
        #expect(Oracle.decide(.interactivePop, touches: flick, screen: phone).finish == false)
        let late = [
            touch(0, 0, .began, 5, 400), touch(0.26, 0, .moved, 30, 400), touch(0.3, 0, .moved, 200, 400), touch(0.32, 0, .ended, 200, 400),
        ]
        #expect(Oracle.decide(.interactivePop, touches: late, screen: phone).progress == nil)
        let inland = [
            touch(0, 0, .began, 14, 400), touch(0.016, 0, .moved, 40, 400), touch(0.032, 0, .moved, 300, 400),
            touch(0.05, 0, .ended, 300, 400),
        ]
        #expect(Oracle.decide(.interactivePop, touches: inland, screen: phone).progress == nil)
    }

    @Test func aSteadyBackSwipePastTheThresholdPops() {
        var touches = [touch(0, 0, .began, 5, 400)]
        for k in 1...20 { touches.append(touch(Double(k) / 60, 0, .moved, 5 + 12 * Double(k), 400)) }
        touches.append(touch(21.0 / 60, 0, .ended, 245, 400))
        let decision = Oracle.decide(.interactivePop, touches: touches, screen: phone)
        #expect(decision.finish)
        // Began at dx 24: the previous translation less 10 pt (12 - 10) plus this move (12) = 14; then +12 in 18 .changed.
        #expect(decision.progress == (14.0 + 12 * 18) / 390)
    }

    @Test func cancelledDragsFinishWhereTheHandlerSharesEndedsBranch() {
        let drag = [
            touch(0, 0, .began, 200, 100), touch(0.016, 0, .moved, 200, 130),
            touch(0.032, 0, .moved, 200, 450), touch(0.05, 0, .cancelled, 200, 450),
        ]
        #expect(Oracle.decide(.sheetDrag, touches: drag, screen: phone).finish)  // seed 003
        #expect(Oracle.decide(.imageDrag, touches: drag, screen: phone).finish)  // MDTransitioning
        #expect(Oracle.decide(.swipeDismiss, touches: drag, screen: phone).finish == false)  // seed 000 cancels
        // Seed 003 measures from the translation at .began (20), so 320 / 744 > 0.4.
        #expect(Oracle.decide(.sheetDrag, touches: drag, screen: phone).progress == 320.0 / 744)
    }

    @Test func seed000DecidesOnItsLastChangedFraction() {
        let noChange = [touch(0, 0, .began, 200, 100), touch(0.016, 0, .moved, 200, 400), touch(0.03, 0, .ended, 200, 420)]
        #expect(Oracle.decide(.swipeDismiss, touches: noChange, screen: phone).finish == false)
        let past = noChange.dropLast() + [touch(0.032, 0, .moved, 200, 411), touch(0.05, 0, .ended, 200, 411)]
        #expect(Oracle.decide(.swipeDismiss, touches: Array(past), screen: phone).finish)  // (311 - 10) / 400 > 0.5
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
        let decision = Oracle.decide(.pinchDismiss, touches: touches, screen: phone)
        #expect(abs(decision.progress! - (1 - 96.0 / 190)) < 1e-12)  // 0.4947: cancel, though 1 - 96 / 200 > 0.5
        #expect(decision.finish == false)
    }

    @Test func verticalSwipePopBeginsOnlyNearTheTopMovingDown() {
        let low = [
            touch(0, 0, .began, 200, 300), touch(0.016, 0, .moved, 200, 320), touch(0.032, 0, .moved, 200, 600),
            touch(0.05, 0, .ended, 200, 600),
        ]
        #expect(Oracle.decide(.verticalSwipePop, touches: low, screen: phone).progress == nil)
        let top = low.map { touch($0.t, 0, $0.phase, $0.x, $0.y - 260) }
        #expect(Oracle.decide(.verticalSwipePop, touches: top, screen: phone).finish)  // (280 - 10) / 844 > 0.25
    }
}
