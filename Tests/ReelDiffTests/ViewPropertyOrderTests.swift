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
            rotationX: 0.1, rotationY: 0.2, m34: -0.002, z: 1, hidden: true)
        var comparison = FrameComparison(tolerances: .default)
        comparison.compare(
            Frame(index: 0, t: 0, progress: 0, views: [expected]), Frame(index: 0, t: 0, progress: 0, views: [actual]))
        let names = comparison.propertyDivergences.map { $0.property ?? "" }
        #expect(names == ["x", "y", "w", "h", "alpha", "a", "b", "c", "d", "tx", "ty", "rotation_x", "rotation_y", "m34", "z", "hidden"])
        #expect(
            comparison.propertyDivergences.map { $0.delta ?? .nan } == [1, 2, 3, 4, -0.5, 1, 0.5, 0.25, 2, 5, 6, 0.1, 0.2, -0.002, 1, 1])
        // With huge tolerances only the exact properties remain.
        var loose = FrameComparison(tolerances: Tolerances(position: 1e9, size: 1e9, alpha: 1e9, transform: 1e9, progress: 1e9))
        loose.compare(Frame(index: 0, t: 0, progress: 0, views: [expected]), Frame(index: 0, t: 0, progress: 0, views: [actual]))
        #expect(loose.propertyDivergences.map { $0.property ?? "" } == ["z", "hidden"])
    }
}
