import ReelTrace
import Testing

@testable import ReelDiff

/// The frame comparison names every differing view property, in the order docs/SCHEMA.md lists,
/// with the difference in each family's unit, and z order and hidden are exact whatever the tolerances.
@Suite struct ViewPropertyOrderTests {
    @Test func everyDifferingPropertyIsNamedInTheDocumentedOrder() {
        let expected = ViewState(
            key: "A.view", x: 0, y: 0, w: 100, h: 200, alpha: 1, transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            rotationX: 0, rotationY: 0, m34: 0, z: 0, hidden: false)
        let actual = ViewState(
            key: "A.view", x: 1, y: 2, w: 103, h: 204, alpha: 0.5, transform: AffineTransform(a: 2, b: 0.5, c: 0.25, d: 3, tx: 5, ty: 6),
            rotationX: 0.1, rotationY: 0.2, m34: -0.002, z: 1, hidden: true, cornerRadius: 12, borderWidth: 1,
            shadowOpacity: 0.25, shadowRadius: 8, contentOffsetX: 5, contentOffsetY: 40, effectFraction: 0.5,
            maskKind: 1, maskX: 10, maskY: 20, maskW: 30, maskH: 40)
        var comparison = FrameComparison(tolerances: .default)
        comparison.compare(
            Frame(index: 0, t: 0, progress: 0, views: [expected]), Frame(index: 0, t: 0, progress: 0, views: [actual]))
        let names = comparison.propertyDivergences.map { $0.property ?? "" }
        #expect(
            names == [
                "x", "y", "w", "h", "alpha", "a", "b", "c", "d", "tx", "ty", "rotation_x", "rotation_y", "m34", "z", "hidden",
                "corner_radius", "border_width", "shadow_opacity", "shadow_radius", "content_offset_x", "content_offset_y",
                "effect_fraction", "mask_kind", "mask_x", "mask_y", "mask_w", "mask_h",
            ])
        #expect(
            comparison.propertyDivergences.map { $0.delta ?? .nan }
                == [1, 2, 3, 4, -0.5, 1, 0.5, 0.25, 2, 5, 6, 0.1, 0.2, -0.002, 1, 1, 12, 1, 0.25, 8, 5, 40, 0.5, 1, 10, 20, 30, 40])
        // With huge tolerances only the exact properties remain.
        var loose = FrameComparison(tolerances: Tolerances(position: 1e9, size: 1e9, alpha: 1e9, transform: 1e9, progress: 1e9))
        loose.compare(Frame(index: 0, t: 0, progress: 0, views: [expected]), Frame(index: 0, t: 0, progress: 0, views: [actual]))
        #expect(loose.propertyDivergences.map { $0.property ?? "" } == ["z", "hidden", "mask_kind"])
    }

    /// The tolerance vector holds, at each property's position, the documented tolerance of its
    /// family (`Tolerances.default`'s documented rule: a third of a point for geometry, one 8-bit step for alpha,
    /// 1e-3 for transform entries, exact for z and hidden), and the positions are `allCases` order.
    @Test func theToleranceVectorHoldsEachPropertysFamilyTolerance() {
        let vector = Tolerances.default.perProperty
        #expect(vector.count == ViewProperty.allCases.count)
        #expect(ViewProperty.allCases.enumerated().allSatisfy { $0.offset == $0.element.offset })
        let documented: [String: Double] = [
            "x": 1.0 / 3, "y": 1.0 / 3, "tx": 1.0 / 3, "ty": 1.0 / 3, "w": 1.0 / 3, "h": 1.0 / 3, "alpha": 1.0 / 255,
            "a": 0.001, "b": 0.001, "c": 0.001, "d": 0.001, "rotation_x": 0.001, "rotation_y": 0.001, "m34": 0.001,
            "z": 0, "hidden": 0,
            // The extensions: lengths in points as w and h, the offset as a position, the shadow's opacity as alpha.
            "corner_radius": 1.0 / 3, "border_width": 1.0 / 3, "shadow_radius": 1.0 / 3, "content_offset_x": 1.0 / 3,
            "content_offset_y": 1.0 / 3, "shadow_opacity": 1.0 / 255, "effect_fraction": 1.0 / 255,
            "mask_kind": 0, "mask_x": 1.0 / 3, "mask_y": 1.0 / 3, "mask_w": 1.0 / 3, "mask_h": 1.0 / 3,
        ]
        for property in ViewProperty.allCases {
            #expect(vector[property.offset] == documented[property.rawValue], "\(property.rawValue)")
        }
        #expect(Tolerances.exact.perProperty.allSatisfy { $0 == 0 })
    }

    /// A view made back from its columns is the view (every property set where it is read).
    @Test func aViewMadeFromItsColumnsIsTheView() {
        let view = ViewState(
            key: "A.view", x: 1, y: 2, w: 103, h: 204, alpha: 0.5, transform: AffineTransform(a: 2, b: 0.5, c: 0.25, d: 3, tx: 5, ty: 6),
            rotationX: 0.1, rotationY: 0.2, m34: -0.002, z: 3, hidden: true, cornerRadius: 16, shadowOpacity: 0.5,
            contentOffsetY: -64)
        let frame = Frame(index: 7, t: 0.125, progress: 0.5, views: [view])
        #expect(FrameColumns([frame]).frames == [frame])
        #expect(FrameColumns([frame]).value(.m34, ofSlot: 0) == -0.002)
    }
}
