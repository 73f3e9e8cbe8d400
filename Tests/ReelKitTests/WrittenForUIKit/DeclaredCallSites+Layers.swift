import QuartzCore
import UIKit

// Call sites for the layer and Core Animation rows of docs/KIT.md's API table (issue 53, items 1
// and 2), written from Apple's documented declarations with their labels and result types pinned.

extension DeclaredCallSites {
    /// A view backed by a shape layer (`layerClass`).
    final class RingView: UIView {
        override class var layerClass: AnyClass { CAShapeLayer.self }
        var ring: CAShapeLayer { layer as! CAShapeLayer }
    }

    final class Listener: CAAnimationDelegate {
        func animationDidStart(_ anim: CAAnimation) {}
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
    }

    static func layers(_ view: UIView) {
        let layer: CALayer = view.layer
        layer.cornerRadius = 12 as CGFloat
        layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        layer.masksToBounds = true
        layer.borderWidth = 1 as CGFloat
        layer.borderColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.3 as Float
        layer.shadowRadius = 8 as CGFloat
        layer.shadowOffset = CGSize(width: 0, height: -2)
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowPath = UIBezierPath(roundedRect: view.bounds, cornerRadius: 12).cgPath
        layer.opacity = 1 as Float
        layer.zPosition = 1 as CGFloat
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        let _: CGPoint = layer.position
        let _: CGRect = layer.bounds
        let _: CGRect = layer.frame
        var perspective: CATransform3D = CATransform3DIdentity
        perspective.m34 = -1 / 500
        layer.transform = CATransform3DRotate(perspective, .pi / 8, 0, 1, 0)
        layer.transform = CATransform3DConcat(CATransform3DMakeScale(1, 1, 1), CATransform3DMakeTranslation(0, 0, 0))
        let _: CGAffineTransform = CATransform3DGetAffineTransform(CATransform3DMakeRotation(0.1, 0, 0, 1))
        let _: Bool = CATransform3DIsIdentity(CATransform3DScale(CATransform3DTranslate(CATransform3DIdentity, 1, 0, 0), 1, 1, 1))
        let _: CATransform3D = CATransform3DMakeAffineTransform(.identity)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.addSublayer(dot)
        layer.insertSublayer(CALayer(), at: 0)
        layer.insertSublayer(CALayer(), below: dot)
        layer.insertSublayer(CALayer(), above: dot)
        let _: [CALayer]? = layer.sublayers
        let _: CALayer? = dot.superlayer
        dot.removeFromSuperlayer()
        let shape = CAShapeLayer()
        shape.path = UIBezierPath(ovalIn: view.bounds).cgPath
        shape.fillColor = UIColor.white.cgColor
        shape.strokeColor = nil
        shape.lineWidth = 2 as CGFloat
        shape.strokeStart = 0 as CGFloat
        shape.strokeEnd = 1 as CGFloat
        layer.mask = shape
        view.mask = UIView(frame: view.bounds)
        let gradient = CAGradientLayer()
        gradient.colors = [UIColor.black.cgColor, UIColor.clear.cgColor]
        gradient.locations = [0, 1]
        gradient.startPoint = CGPoint(x: 0.5, y: 0)
        gradient.endPoint = CGPoint(x: 0.5, y: 1)
        let _: CALayer? = layer.presentation()
        let _: CALayer = layer.model()
        let _: CFTimeInterval = layer.convertTime(CACurrentMediaTime(), from: nil)
        let ring = RingView(frame: view.bounds)
        ring.ring.strokeEnd = 0.5
    }

    static func paths() {
        let path = UIBezierPath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 15, y: 5))
        path.addCurve(to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 8, y: 12), controlPoint2: CGPoint(x: 2, y: 12))
        path.addArc(withCenter: .zero, radius: 5, startAngle: 0, endAngle: .pi, clockwise: true)
        path.close()
        let _: CGRect = path.bounds
        let _ = UIBezierPath(rect: .zero)
        let _ = UIBezierPath(roundedRect: .zero, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 4, height: 4))
        let _ = UIBezierPath(arcCenter: .zero, radius: 1, startAngle: 0, endAngle: 1, clockwise: false)
        let cg = CGMutablePath()
        cg.move(to: .zero)
        cg.addLine(to: CGPoint(x: 1, y: 1))
        cg.addLines(between: [.zero, CGPoint(x: 2, y: 2)])
        cg.addQuadCurve(to: .zero, control: CGPoint(x: 1, y: 0))
        cg.addCurve(to: .zero, control1: .zero, control2: .zero)
        cg.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 1, clockwise: true)
        cg.addRect(.zero)
        cg.addEllipse(in: .zero)
        cg.addRoundedRect(in: .zero, cornerWidth: 1, cornerHeight: 1)
        cg.closeSubpath()
        let _: CGRect = cg.boundingBox
        let _: CGRect = cg.boundingBoxOfPath
        let _ = CGPath(rect: .zero, transform: nil)
        let _ = CGPath(ellipseIn: .zero, transform: nil)
        let _ = CGPath(roundedRect: .zero, cornerWidth: 0, cornerHeight: 0, transform: nil)
    }

    static func coreAnimation(_ view: UIView) {
        let basic = CABasicAnimation(keyPath: "cornerRadius")
        basic.fromValue = 0
        basic.toValue = 12
        basic.byValue = nil
        basic.duration = 0.3 as CFTimeInterval
        basic.beginTime = CACurrentMediaTime() + 0.1
        basic.timeOffset = 0
        basic.speed = 1 as Float
        basic.repeatCount = 1 as Float
        basic.autoreverses = false
        basic.fillMode = .forwards
        basic.isRemovedOnCompletion = false
        basic.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        basic.delegate = Listener()
        view.layer.add(basic, forKey: "corners")
        let frames = CAKeyframeAnimation(keyPath: "opacity")
        frames.values = [0, 1]
        frames.keyTimes = [0, 1]
        frames.timingFunctions = [CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.2, 1)]
        frames.calculationMode = .linear
        let spring = CASpringAnimation(keyPath: "position.y")
        spring.mass = 1
        spring.stiffness = 100
        spring.damping = 10
        spring.initialVelocity = 0
        spring.duration = spring.settlingDuration
        let group = CAAnimationGroup()
        group.animations = [frames, spring]
        group.duration = 0.5
        view.layer.add(group, forKey: nil)
        let _: CAAnimation? = view.layer.animation(forKey: "corners")
        let _: [String]? = view.layer.animationKeys()
        view.layer.removeAnimation(forKey: "corners")
        view.layer.removeAllAnimations()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.4)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setDisableActions(false)
        CATransaction.setCompletionBlock {}
        let _: CFTimeInterval = CATransaction.animationDuration()
        CATransaction.commit()
        view.layer.speed = 0
        view.layer.timeOffset = 0.2
        view.layer.beginTime = 0
    }
}
