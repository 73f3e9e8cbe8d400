import ReelGestures
import ReelTrace
import Testing

@testable import ReelKit

/// UIKit's events from a session's touch lines: fingers still down when the stream ends are
/// cancelled in one more event at the last line's time, by finger id, at their last positions.
@Suite struct TouchEventTests {
    /// `fingers` fingers land at t = 0 (id i at x = 10 i), move at t = 0.1; the fingers of `lifted`
    /// lift at t = 0.2, the last line's time.
    static func touches(fingers: Int, lifted: Set<Int>) -> [Touch] {
        // Ids in a scrambled order, so sorting by id is not the lines' order.
        let ids = (0..<fingers).map { ($0 * 7) % fingers }
        var lines: [Touch] = ids.map { Touch(t: 0, id: $0, phase: .began, x: Double(10 * $0), y: 100) }
        lines += ids.map { Touch(t: 0.1, id: $0, phase: .moved, x: Double(10 * $0), y: 150 + Double($0)) }
        lines += ids.filter(lifted.contains).map { Touch(t: 0.2, id: $0, phase: .ended, x: Double(10 * $0), y: 150 + Double($0)) }
        return lines
    }

    /// The rule, written out: the last line of each finger that did not end or cancel, by id, as a
    /// cancel at the last line's time and the finger's last position.
    static func expectedCancels(_ lines: [Touch]) -> [Touch] {
        let t = lines.last!.t
        var lastByFinger: [Int: Touch] = [:]
        for line in lines { lastByFinger[line.id] = line }
        return lastByFinger.keys.sorted().compactMap { id in
            let last = lastByFinger[id]!
            guard last.phase != .ended, last.phase != .cancelled else { return nil }
            return Touch(t: t, id: id, phase: .cancelled, x: last.x, y: last.y)
        }
    }

    @Test(arguments: [3, 16, 17, 40])
    func fingersStillDownAreCancelledByIdAtTheEnd(fingers: Int) throws {
        let lifted = Set((0..<fingers).filter { $0 % 3 == 0 })
        let lines = Self.touches(fingers: fingers, lifted: lifted)
        let events = KitSession.touchEvents(lines)
        let expected = Self.expectedCancels(lines)
        #expect(expected.count == fingers - lifted.count)
        // The grouped lines (landing, moving, lifting), then the cancels.
        #expect(events.count == 4)
        let cancels = try #require(events.last)
        #expect(cancels.t == 0.2)
        #expect(Array(cancels.touches) == expected)
    }

    @Test func aStreamWhoseFingersAllLiftedGetsNoCancelEvent() {
        let lines = Self.touches(fingers: 5, lifted: Set(0..<5))
        let events = KitSession.touchEvents(lines)
        #expect(events.count == 3)
        #expect(events.allSatisfy { event in event.touches.allSatisfy { $0.phase != .cancelled } })
    }
}
