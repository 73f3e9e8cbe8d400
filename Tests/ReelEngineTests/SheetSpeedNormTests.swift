import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// The sheet's minimum release speed as D26 tests it (engine 0.7.0, issue 31): `_UIHyperInteractor
/// _effectiveVelocity` keeps the velocity when `cblas_dnrm2` of it (the pan's `velocityInView:`, a
/// point) is at least `_minimumSpeed` (250). The sheet's delegate answers NO to
/// `_panGestureRecognizer:shouldTryToBeginHorizontallyWithEvent:` (UISheetPresentationController
/// `sheetInteraction:shouldBeginHorizontalRubberBandingWithGestureRecognizer:`: YES only for a
/// tear-off), which locks the pan to the vertical axis (`UIPanGestureRecognizer
/// _adjustSceneReferenceLocation:`): its x velocity is 0 and the norm is |v_y|
/// (`sheetdetent.horizontal_pan` false, the default). With the parameter true the norm takes both.
@Suite struct SheetSpeedNormTests {
    static let large = SheetDetentTests.large, medium = SheetDetentTests.medium
    static let midpoint = (large + medium) / 2
    static let vy = 200.0

    /// A diagonal flick up moving at (vx, 200) pt/s, released 10 pt below the medium/large midpoint:
    /// with the velocity counted, the projection (+ 200 x 0.99 / 0.01 / 1000 = 19.8 pt) passes the
    /// midpoint and the sheet rests at large; without, at medium.
    static func flick(speed: Double) -> [Touch] {
        let vx = (speed * speed - vy * vy).squareRoot()
        let travel = midpoint - 10 - medium + SheetDetentTests.slop
        let diagonal = (vx * vx + vy * vy).squareRoot()
        return steadyDrag(x0: 100, y0: 600, dx: travel * vx / vy, dy: -travel, speed: diagonal)
    }

    /// 10 pt/s either side of the 250 pt/s minimum speed in the norm.
    @Test(arguments: [240.0, 260.0], [false, true])
    func theMinimumSpeedIsANorm(speed: Double, horizontalPan: Bool) throws {
        let norm = horizontalPan ? speed : Self.vy
        let counted = norm >= 250
        let expected = SheetDetentTests.projected(Self.midpoint - 10, counted ? Self.vy : 0) > Self.midpoint ? Self.large : Self.medium
        #expect(expected == (horizontalPan && speed > 250 ? Self.large : Self.medium))
        let profile = try EngineProfile.builtin.overriding([("sheetdetent.horizontal_pan", .bool(horizontalPan))])
        let trace = try runCatalog("sheet.detents", touches: Self.flick(speed: speed), profile: profile)
        #expect(abs(try SheetDetentTests.sheetValue(trace.frames.last) - expected) < 1e-9)
    }
}
