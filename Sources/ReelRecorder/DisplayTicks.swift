import UIKit

/// The display link's target: it hands each tick to the recorder (held weakly, so a recorder that
/// goes away stops its link at the next tick).
@MainActor final class DisplayTicks: NSObject {
    private weak var recorder: TouchRecorder?

    init(recorder: TouchRecorder) {
        self.recorder = recorder
        super.init()
    }

    /// A link calling `tick(_:)` at every display tick, on the main run loop in every mode.
    func start() -> CADisplayLink {
        #if canImport(ObjectiveC)
            // UIKit-only: a selector for the Objective-C runtime.
            let link = CADisplayLink(target: self, selector: #selector(tick(_:)))
        #else
            let link = CADisplayLink(target: self, selector: DisplayTicks.tick)
        #endif
        link.add(to: .main, forMode: .common)
        return link
    }

    #if canImport(ObjectiveC)
        // UIKit-only: the selector's method.
        @objc func tick(_ link: CADisplayLink) { forward(link) }
    #else
        func tick(_ link: CADisplayLink) { forward(link) }
    #endif

    private func forward(_ link: CADisplayLink) {
        guard let recorder else {
            link.invalidate()
            return
        }
        recorder.displayTick(link)
    }
}
