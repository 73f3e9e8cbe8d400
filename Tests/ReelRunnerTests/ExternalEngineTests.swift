import Foundation
import ReelStore
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Drives tools/example_engine.py through `ExternalEngine`.
@Suite("External engine adapter")
struct ExternalEngineTests {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/example_engine.py").path

    private func engine(_ flags: String = "", timeLimit: Duration = .seconds(20)) -> ExternalEngine {
        ExternalEngine(command: "python3 '\(Self.script)' \(flags)", timeLimit: timeLimit)
    }

    /// A back-swipe from the left edge to `releaseX`, sampled at 60 Hz.
    private func pop(releaseX: Double, scenario: String = "nav.interactive-pop") -> EngineRequest {
        let steps = 12
        var touches: [Touch] = []
        for step in 0...steps {
            let phase: TouchPhase = step == 0 ? .began : step == steps ? .ended : .moved
            let x = 4 + (releaseX - 4) * Double(step) / Double(steps)
            touches.append(Touch(t: Double(step) / 60, id: 0, phase: phase, x: x, y: 400))
        }
        return EngineRequest(scenarioName: scenario, device: .phone, refreshHz: 60, touches: touches)
    }

    @Test func answersRequestsDeterministically() throws {
        let first = engine()
        let second = engine()
        // progress at release = (releaseX - 4) / 390; the example finishes iff progress > 0.5.
        for releaseX in [100.0, 190.0, 200.0, 300.0] {
            let expectedFinish = (releaseX - 4) / 390 > 0.5
            let a = try first.run(pop(releaseX: releaseX))
            let b = try second.run(pop(releaseX: releaseX))
            #expect(a == b)
            #expect(a.trace.outcome.completed == expectedFinish, "release at \(releaseX)")
            #expect(a.engineName == "example-percent-engine")
            #expect(a.trace.frames.first?.views.map(\.key) == ["A.view", "B.view"])
            // Frames sit on the 60 Hz display ticks.
            for frame in a.trace.frames {
                #expect(abs(frame.t * 60 - (frame.t * 60).rounded()) < 1e-9)
            }
            #expect(a.trace.frames.last?.progress == (expectedFinish ? 1 : 0))
        }
    }

    @Test func aChangedThresholdFlipsExactlyTheSessionsBetweenTheThresholds() throws {
        let original = engine()
        let changed = engine("--threshold 0.6")
        for releaseX in stride(from: 50.0, through: 350.0, by: 25.0) {
            let progress = (releaseX - 4) / 390
            let flips = progress > 0.5 && progress <= 0.6
            let before = try original.run(pop(releaseX: releaseX)).trace.outcome.completed
            let after = try changed.run(pop(releaseX: releaseX)).trace.outcome.completed
            #expect((before != after) == flips, "release at \(releaseX)")
        }
    }

    @Test func identityComesFromTheResponseAndTheCommand() throws {
        let adapter = engine("--engine-version 2.5")
        let response = try adapter.run(pop(releaseX: 200))
        let identity = adapter.identity(of: response)
        #expect(identity.name == "example-percent-engine")
        #expect(identity.version == "2.5")
        #expect(identity.profileJSON == "{}")
        #expect(identity.fingerprint == SHA256.hex("exec\nexample-percent-engine\n2.5\n\(adapter.command)"))
        #expect(identity.fingerprint != engine().identity(of: response).fingerprint)
    }

    @Test func engineErrorsAreSessionErrorsAndTheProcessCarriesOn() throws {
        let adapter = engine()
        #expect(throws: ExternalEngineError(kind: .engineError, message: "the engine reported: unknown scenario \"no.such\"")) {
            try adapter.run(pop(releaseX: 200, scenario: "no.such"))
        }
        #expect(try adapter.run(pop(releaseX: 300)).trace.outcome.completed)
    }

    @Test func aCrashIsAnErrorForThatSessionOnly() throws {
        let adapter = engine("--crash-after 1")
        _ = try adapter.run(pop(releaseX: 300))
        do {
            _ = try adapter.run(pop(releaseX: 300))
            Issue.record("expected a crash error")
        } catch {
            #expect(error.kind == .crashed)
            #expect(error.message.contains("exited with status 3"))
            #expect(error.message.contains("crashing on purpose"))
        }
        #expect(try adapter.run(pop(releaseX: 300)).trace.outcome.completed)
    }

    /// The limit leaves the first, answered request time to start Python under a sanitizer on a
    /// loaded machine (with 1 s, ThreadSanitizer runs of `tools/sanitize --storage` failed 2 in 4).
    @Test func aHangIsKilledAtTheTimeLimit() throws {
        let adapter = engine("--hang-after 1", timeLimit: .seconds(5))
        _ = try adapter.run(pop(releaseX: 300))
        do {
            _ = try adapter.run(pop(releaseX: 300))
            Issue.record("expected a time-out error")
        } catch {
            #expect(error.kind == .timedOut)
            #expect(error.message == "the engine did not answer within 5 s and was killed")
        }
        #expect(try adapter.run(pop(releaseX: 100)).trace.outcome.completed == false)
    }

    @Test func garbageIsAMalformedResponse() throws {
        let adapter = engine("--garbage-after 1")
        _ = try adapter.run(pop(releaseX: 300))
        do {
            _ = try adapter.run(pop(releaseX: 300))
            Issue.record("expected a malformed-response error")
        } catch {
            #expect(error.kind == .malformedResponse)
            #expect(error.message.contains("malformed JSON at column 1"))
            #expect(error.message.contains("\"this is not json {\""))
        }
        #expect(try adapter.run(pop(releaseX: 300)).trace.outcome.completed)
    }

    @Test func aMissingCommandIsACrashNotAFault() {
        let adapter = ExternalEngine(command: "/nonexistent/reel-engine", timeLimit: .seconds(20))
        do {
            _ = try adapter.run(pop(releaseX: 300))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .crashed)
            #expect(error.message.contains("exited with status 127"))
        }
    }

    @Test func largeRequestsAndResponsesDoNotDeadlock() throws {
        let adapter = engine("--pad 4000000")
        var request = pop(releaseX: 300)
        let last = request.touches.removeLast()
        // About 4 MB of request: far more than a pipe buffer, while the engine answers 4 MB.
        for step in 0..<60_000 {
            request.touches.append(Touch(t: last.t, id: 0, phase: .stationary, x: 200 + Double(step % 7) * 0.125, y: 400))
        }
        request.touches.append(last)
        let response = try adapter.run(request)
        #expect(response.trace.outcome.completed)
        #expect(try adapter.run(pop(releaseX: 100)).trace.outcome.completed == false)
    }

    @Test func parsesTheExecSpecifier() {
        #expect(ExternalEngine(engineSpecifier: "exec:python3 x.py")?.command == "python3 x.py")
        #expect(ExternalEngine(engineSpecifier: "builtin") == nil)
        #expect(ExternalEngine(engineSpecifier: "exec:") == nil)
    }
}
