import ReelTrace
import Testing

@testable import ReelKit

/// Hostile layer code: an animation that never ends stops at the session's time cap with an error
/// naming it; a paused one does not keep the session running; numbers that are not finite and key
/// paths ReelKit does not model are errors naming them.
@Suite @MainActor struct LayerHostileTests {
    static func error(_ action: @escaping @MainActor @Sendable (UIView) -> Void) -> String? {
        let (scene, _) = LayerSampling.tapScene("hostile.layers", action: action)
        do {
            _ = try LayerSampling.run(scene, touches: LayerSampling.tap())
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func spin(_ layer: CALayer) {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
    }

    @Test func anInfiniteAnimationEndsTheSessionAtTheTimeCapNamingIt() {
        let started = ContinuousClock.now
        let message = Self.error { box in Self.spin(box.layer) }
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(message?.contains("time cap") == true, "\(message ?? "no error")")
        #expect(message?.contains("layer of view 'box'") == true && message?.contains("repeats forever") == true, "\(message ?? "")")
        #expect(message?.contains("transform.rotation.z") == true, "\(message ?? "")")
    }

    @Test func aPausedInfiniteAnimationLetsTheSessionEnd() {
        let message = Self.error { box in
            box.layer.speed = 0
            Self.spin(box.layer)
        }
        #expect(message == nil, "\(message ?? "")")
    }

    @Test func numbersThatAreNotFiniteAreNamed() {
        let radius = Self.error { box in box.layer.cornerRadius = .nan }
        #expect(radius?.contains("layer of view 'box' set cornerRadius to nan") == true, "\(radius ?? "")")
        let duration = Self.error { box in
            let bad = CABasicAnimation(keyPath: "opacity")
            bad.duration = .infinity
            box.layer.add(bad, forKey: nil)
        }
        #expect(duration?.contains("not finite timing") == true, "\(duration ?? "")")
        let spring = Self.error { box in
            let bad = CASpringAnimation(keyPath: "cornerRadius")
            bad.stiffness = -1
            box.layer.add(bad, forKey: nil)
        }
        #expect(spring?.contains("is no spring") == true, "\(spring ?? "")")
        let transaction = Self.error { _ in CATransaction.setAnimationDuration(.nan) }
        #expect(transaction?.contains("setAnimationDuration(nan)") == true, "\(transaction ?? "")")
    }

    @Test func keyPathsAndValuesNotModelledAreNamed() {
        let keyPath = Self.error { box in box.layer.add(CABasicAnimation(keyPath: "contents"), forKey: nil) }
        #expect(
            keyPath?.contains("CABasicAnimation of 'contents'") == true && keyPath?.contains("not one ReelKit models") == true,
            "\(keyPath ?? "")")
        let value = Self.error { box in
            let bad = CABasicAnimation(keyPath: "position")
            bad.toValue = "up"
            box.layer.add(bad, forKey: nil)
        }
        #expect(value?.contains("toValue of type String") == true, "\(value ?? "")")
        let count = Self.error { box in
            let bad = CABasicAnimation(keyPath: "position")
            bad.toValue = 3
            box.layer.add(bad, forKey: nil)
        }
        #expect(count?.contains("toValue has 1 numbers, the key path 2") == true, "\(count ?? "")")
        let keyTimes = Self.error { box in
            let bad = CAKeyframeAnimation(keyPath: "opacity")
            bad.values = [0, 1]
            bad.keyTimes = [0, 0.5, 1]
            box.layer.add(bad, forKey: nil)
        }
        #expect(keyTimes?.contains("3 key times for 2 values") == true, "\(keyTimes ?? "")")
    }
}
