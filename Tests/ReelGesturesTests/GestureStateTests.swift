import Testing

@testable import ReelGestures

@Suite("Continuous recognizer states when the fingers leave")
struct GestureStateTests {
    /// UIGestureRecognizer's state machine for continuous gestures: Possible -> Failed when the
    /// touches end before recognition; Began/Changed -> Ended when the fingers lift, -> Cancelled
    /// when the system cancels them; Ended, Cancelled and Failed are final until the next sequence.
    @Test(arguments: [GestureState.ended, .cancelled])
    func fingersLeavingFollowUIKitsStateMachine(outcome: GestureState) {
        let expected: [GestureState: GestureState?] = [
            .possible: .failed, .began: outcome, .changed: outcome, .ended: nil, .cancelled: nil, .failed: nil,
        ]
        for (before, after) in expected {
            var state = before
            #expect(state.fingersLeft(outcome) == after, "from \(before.name)")
            #expect(state == (after ?? before), "from \(before.name)")
        }
    }
}
