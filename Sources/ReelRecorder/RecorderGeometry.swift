import UIKit

/// The one place the recorder reads what a view shows on screen at a display tick: its
/// untransformed frame in its superview's coordinates, its alpha and its transform.
///
/// Against Apple's UIKit it reads the view's presentation layer (what is on screen while an
/// animation runs; the model layer when none does): these are the recorder's only lines that
/// compile against UIKit alone (docs/DEVICE.md, "The UIKit API it uses"). Against ReelKit it reads
/// ReelKit's `UIView.onScreen`, the values ReelKit's frames sample, so the recorder's trace equals
/// ReelKit's own bit for bit (a frame rebuilt from the layer's position and anchor point would round
/// differently).
@MainActor enum RecorderGeometry {
    static func onScreen(_ view: UIView) -> (frame: CGRect, alpha: Double, transform: CGAffineTransform) {
        #if os(iOS) || os(tvOS) || os(visionOS)
            // UIKit-only: the layer's position and bounds give the untransformed frame.
            let layer = view.layer.presentation() ?? view.layer
            let size = layer.bounds.size
            let origin = CGPoint(
                x: layer.position.x - size.width * layer.anchorPoint.x, y: layer.position.y - size.height * layer.anchorPoint.y)
            return (CGRect(origin: origin, size: size), Double(layer.opacity), layer.affineTransform())
        #else
            let shown = view.onScreen
            return (shown.frame, Double(shown.alpha), shown.transform)
        #endif
    }
}
