import ReelKit
import ReelTrace
import Testing

/// UIView.animateKeyframes: the calculation modes ReelKit does not model are refused with a session
/// error naming the mode (not run as linear, which would look like UIKit's answer).
@Suite @MainActor struct KeyframeModeTests {
    /// The options by name: ReelKit's options are main-actor isolated, as UIKit's are, so the
    /// test's arguments name them and the body looks them up.
    static let options: [String: UIView.KeyframeAnimationOptions] = [
        "calculationModeDiscrete": .calculationModeDiscrete, "calculationModePaced": .calculationModePaced,
        "calculationModeCubic": .calculationModeCubic, "calculationModeCubicPaced": .calculationModeCubicPaced,
    ]

    @Test(arguments: ["calculationModeDiscrete", "calculationModePaced", "calculationModeCubic", "calculationModeCubicPaced"])
    func unmodelledCalculationModesAreASessionError(name: String) throws {
        let option = try #require(Self.options[name])
        let scene = PropertyAnimatorRuleTests.scene { box, _ in
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: option) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { box.alpha = 0 }
            }
        }
        do {
            _ = try PropertyAnimatorRuleTests.run(scene)
            Issue.record("\(name) ran")
        } catch let error as ReelKitError {
            #expect(error.message.contains(name) && error.message.contains("calculationModeLinear only"), "\(error.message)")
        }
    }

    @Test func theModeOptionsHaveUIKitsRawValues() {
        #expect(UIView.KeyframeAnimationOptions.calculationModeLinear.rawValue == 0)
        #expect(UIView.KeyframeAnimationOptions.calculationModeDiscrete.rawValue == 1 << 10)
        #expect(UIView.KeyframeAnimationOptions.calculationModePaced.rawValue == 2 << 10)
        #expect(UIView.KeyframeAnimationOptions.calculationModeCubic.rawValue == 3 << 10)
        #expect(UIView.KeyframeAnimationOptions.calculationModeCubicPaced.rawValue == 4 << 10)
    }
}
