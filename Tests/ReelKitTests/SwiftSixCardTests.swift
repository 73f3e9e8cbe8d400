import ReelKit
import ReelKitExamples
import ReelTrace
import Testing

/// WrittenForUIKit/SwiftSixCardTransition.swift, a Swift 6 file written against UIKit (a `static var`
/// threshold in the interaction controller, an NSObject spring animator), compiled unchanged against
/// ReelKit and run: the card goes iff translation.y / 444 > 0.35 at the lift (computed here from the
/// touches, GestureReplay), and ends at the bottom of the screen (844) or back at 400.
@Suite struct SwiftSixCardTests {
    /// The scene: the app's host presents the card; the recognizer is wired here, where a UIKit app
    /// writes `UIPanGestureRecognizer(target: interaction, action: #selector(...))`.
    static let scene = ReelKitScene(
        name: "card.swift6", trigger: TriggerSpec(kind: .pan, direction: .down, extent: 444, threshold: 0.35)
    ) { window in
        let host = SwiftSixCardHostViewController()
        window.rootViewController = host
        window.makeKeyAndVisible()
        host.showCard()
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        pan.addTarget(host.interaction, action: SwiftSixCardInteraction.handlePan)
        host.interaction.card?.view.addGestureRecognizer(pan)
    }

    @Test func theCardWrittenForUIKitDecidesByItsStaticThreshold() throws {
        let engine = ReelKitEngine(scenes: [Self.scene], name: "swift6", version: "1")
        var decided = 0
        for (index, touches) in CardExampleTests.sessions(count: 80, seed: 11).enumerated() {
            let trace = try engine.run(
                scenario: Self.scene.spec, device: CardExampleTests.device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
            guard let release = CardExampleTests.release(touches, threshold: 0.35) else {
                #expect(!trace.outcome.completed, "session \(index): no drag")
                continue
            }
            decided += 1
            #expect(trace.outcome.completed == release.goes, "session \(index): progress \(release.progress)")
            let lastY = trace.frames.last?.views.first { $0.key == "card" }?.y
            #expect(lastY == (release.goes ? 844 : 400), "session \(index)")
        }
        #expect(decided >= 60)
    }

    /// `#if canImport(UIKit)` is true where ReelKit answers to the name.
    @Test func canImportUIKitIsTrue() {
        #if canImport(UIKit) && canImport(QuartzCore) && canImport(CoreGraphics)
            let answers = true
        #else
            let answers = false
        #endif
        #expect(answers)
    }
}
