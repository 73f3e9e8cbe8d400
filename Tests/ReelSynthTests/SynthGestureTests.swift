import Foundation
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelJSON
@testable import ReelSynth

@Suite("Gesture synthesizer")
struct SynthGestureTests {
    private let pop = GestureSynthesizer(scenario: "nav.interactive-pop", kind: .edgePan(.left), seed: 42)

    /// Release distance along +x as a fraction of the width, and the release speed from the last two samples.
    private func release(_ session: GestureSession) -> (fraction: Double, velocity: Double) {
        let touches = session.touches
        let first = touches.first!
        let last = touches.last!
        let before = touches[touches.count - 2]
        return ((last.x - first.x) / session.device.width, (last.x - before.x) / max(last.t - before.t, 1e-9))
    }

    @Test func isDeterministicForASeed() {
        #expect(pop.sessions(count: 40) == pop.sessions(count: 40))
        var other = pop
        other.seed = 43
        #expect(other.sessions(count: 40) != pop.sessions(count: 40))
        #expect(pop.sessions(count: 12)[7] == pop.session(index: 7))
        #expect(pop.session(index: 7).externalID == "synth-nav.interactive-pop-42-7")
        #expect(pop.session(index: 7).tags.first == "synth")
    }

    @Test func everySessionIsAValidGestureStream() throws {
        let kinds: [GestureKind] = [
            .edgePan(.left), .edgePan(.right), .edgePan(.top), .edgePan(.bottom), .pan(.down), .pan(.up),
            .pan(.left), .pan(.right), .pinch(closing: true), .pinch(closing: false), .tap(x: 200, y: 400),
        ]
        for kind in kinds {
            for refreshHz in [60.0, 120.0] {
                let synthesizer = GestureSynthesizer(scenario: "s", kind: kind, refreshHz: refreshHz, seed: 7)
                var writer = JSONWriter()
                let sessions = synthesizer.sessions(count: 30)
                for session in sessions { GestureStreamWriter.append(session, to: &writer) }
                let back = try Array(GestureStreamReader(text: writer.text, name: "synth")).map { try $0.get() }
                #expect(back.map(\.touches) == sessions.map(\.touches), "\(kind) at \(refreshHz) Hz")
                for session in sessions {
                    #expect(
                        session.touches.allSatisfy {
                            (0...session.device.width).contains($0.x) && (0...session.device.height).contains($0.y)
                        })
                    #expect(session.refreshHz == refreshHz)
                }
            }
        }
    }

    @Test func releasesSpreadAcrossTheDecisionExtentAndSpeeds() {
        let sessions = pop.sessions(count: 240)
        let releases = sessions.map(release)
        let fractions = releases.map(\.fraction)
        #expect(fractions.min()! < 0.15)
        #expect(fractions.max()! > 0.85)
        // Both sides of a mid threshold, in every tenth between 0.1 and 0.9.
        for decile in 1..<9 {
            let lower = Double(decile) / 10
            #expect(fractions.contains { $0 >= lower && $0 < lower + 0.1 }, "no release in [\(lower), \(lower + 0.1))")
        }
        let below = fractions.filter { $0 < 0.5 }.count
        #expect(below > 80 && below < 160)
        let speeds = releases.map { abs($0.velocity) }
        #expect(speeds.contains { $0 < 30 })  // slow drags come to rest
        #expect(speeds.contains { $0 > 1500 })  // flicks
        #expect(speeds.filter { $0 > 300 && $0 < 1000 }.count > 10)
    }

    @Test func stylesShowTheirBehaviour() {
        let all = pop.sessions(count: 60)
        func sessions(_ style: GestureStyle) -> [GestureSession] { all.filter { $0.tags == ["synth", style.rawValue] } }
        for style in GestureStyle.styles(for: .edgePan(.left)) { #expect(sessions(style).count == 10) }
        #expect(sessions(.cancelled).allSatisfy { $0.touches.last!.phase == .cancelled })
        #expect(sessions(.drag).allSatisfy { $0.touches.last!.phase == .ended })
        #expect(sessions(.hesitation).allSatisfy { $0.touches.contains { $0.phase == .stationary } })
        for session in sessions(.reversal) {
            let furthest = session.touches.map(\.x).max()!
            #expect(furthest > session.touches.last!.x + 10, "a reversal goes back from its furthest point")
        }
        for session in sessions(.slowDrag) { #expect(abs(release(session).velocity) < 60) }
        for session in sessions(.flick) { #expect(release(session).velocity > 300) }
        // Edge pans start inside the 20 pt screen edge and move inward.
        #expect(all.allSatisfy { $0.touches[0].x <= 13 && $0.touches.last!.x > $0.touches[0].x })
    }

    @Test func samplesAtTheRefreshRateWithJitter() {
        let fast = GestureSynthesizer(scenario: "s", kind: .pan(.down), refreshHz: 120, seed: 3)
        for session in fast.sessions(count: 12) {
            // One event per display tick: the lines of one event share its timestamp.
            let times = session.touches.map(\.t).reduce(into: [Double]()) { if $0.last != $1 { $0.append($1) } }
            for (a, b) in zip(times, times.dropFirst()) {
                let gap = b - a
                #expect(gap > 0.75 / 120 && gap < 1.25 / 120)
            }
        }
    }

    @Test func someDragsHaveASecondFingerInSharedEvents() {
        for kind in [GestureKind.pan(.down), .edgePan(.left)] {
            let synthesizer = GestureSynthesizer(scenario: "s", kind: kind, seed: 9)
            let sessions = synthesizer.sessions(count: 200)
            #expect(sessions == synthesizer.sessions(count: 200), "deterministic for a seed")
            let twoFingered = sessions.filter { $0.touches.contains { $0.id == 1 } }
            #expect(twoFingered.count > 20 && twoFingered.count < 90, "\(twoFingered.count) of 200")
            for session in twoFingered {
                let first = session.touches.filter { $0.id == 0 }
                let second = session.touches.filter { $0.id == 1 }
                let firstTimes = Set(first.map(\.t))
                #expect(second.allSatisfy { firstTimes.contains($0.t) }, "every second-finger line shares an event")
                #expect(second.first!.phase == .began && second.last!.phase == .ended)
                #expect(second.dropFirst().dropLast().allSatisfy { $0.phase == .moved || $0.phase == .stationary })
                // It lands after the first finger and lifts while the first is still down.
                #expect(second.first!.t > first.first!.t && second.last!.t < first.last!.t)
            }
        }
    }

    @Test func restingFingersJitterByAFractionOfAPoint() {
        for index in 0..<50 {
            var realism = TouchRealism(seed: 4, index: index)
            #expect(realism.jitterRadius >= 0.1 && realism.jitterRadius <= TouchRealism.maximumJitter)
            let rest = (x: 100.0, y: 200.0)
            var previous = rest
            var phases: Set<TouchPhase> = []
            for frame in 0..<40 {
                let sample = realism.resting(at: rest, previous: previous, first: frame == 0)
                #expect(hypot(sample.x - rest.x, sample.y - rest.y) <= realism.jitterRadius)
                if frame == 0 { #expect(sample.phase == .stationary) }
                phases.insert(sample.phase)
                previous = (sample.x, sample.y)
            }
            #expect(phases == [.stationary, .moved])
        }
        // In streams: a slow drag ends at rest. Stationary samples come only from resting frames, so
        // the finger's last stationary sample is in its final rest, and every later sample is within
        // two jitter radii of it (both within one of the resting point).
        let sessions = pop.sessions(count: 120).filter { $0.tags.last == GestureStyle.slowDrag.rawValue }
        var jittered = 0
        for session in sessions {
            let finger = session.touches.filter { $0.id == 0 }
            let rest = finger.last { $0.phase == .stationary }!
            for sample in finger where sample.t > rest.t {
                #expect(hypot(sample.x - rest.x, sample.y - rest.y) <= 2 * TouchRealism.maximumJitter + 0.002)
                if sample.phase == .moved { jittered += 1 }
            }
        }
        #expect(jittered > sessions.count)
    }

    @Test func pinchesUseTwoFingers() {
        for closing in [true, false] {
            let synthesizer = GestureSynthesizer(scenario: "zoom", kind: .pinch(closing: closing), seed: 11)
            for session in synthesizer.sessions(count: 16) {
                let fingers = Set(session.touches.map(\.id))
                #expect(fingers == [0, 1])
                for finger in fingers {
                    let samples = session.touches.filter { $0.id == finger }
                    #expect(samples.first!.phase == .began)
                    #expect(samples.last!.phase == .ended || samples.last!.phase == .cancelled)
                    #expect(samples.filter { $0.phase == .began }.count == 1)
                }
                func separation(_ samples: [Touch]) -> Double { hypot(samples[0].x - samples[1].x, samples[0].y - samples[1].y) }
                let landing = session.touches.first { $0.id == 1 }!.t
                let start = separation(session.touches.filter { $0.t == landing })
                let end = separation(Array(session.touches.suffix(2)))
                #expect(closing ? end < start - 5 : end > start + 5)
            }
        }
    }

    @Test func minimumJerkProfileMatchesTheFormula() {
        for tau in stride(from: 0.0, through: 1.0, by: 0.125) {
            let formula = 10 * pow(tau, 3) - 15 * pow(tau, 4) + 6 * pow(tau, 5)
            #expect(abs(MotionPlan.minimumJerk(tau) - formula) < 1e-12)
            let slope = 30 * pow(tau, 2) - 60 * pow(tau, 3) + 30 * pow(tau, 4)
            #expect(abs(MotionPlan.minimumJerkSlope(tau) - slope) < 1e-12)
        }
        #expect(MotionPlan.minimumJerkSlope(0.5) == 1.875)
        for angle in stride(from: -7.0, through: 7.0, by: 0.37) {
            #expect(abs(GestureSynthesizer.sine(angle) - sin(angle)) < 1e-12)
            #expect(abs(GestureSynthesizer.cosine(angle) - cos(angle)) < 1e-12)
        }
    }

    @Test func splitMix64MatchesTheReferenceSequence() {
        // Reference outputs of splitmix64.c (Vigna) seeded with 1234567.
        var random = SplitMix64(seed: 1_234_567)
        #expect(random.next() == 6_457_827_717_110_365_317)
        #expect(random.next() == 3_203_168_211_198_807_973)
        #expect(random.next() == 9_817_491_932_198_370_423)
    }
}
