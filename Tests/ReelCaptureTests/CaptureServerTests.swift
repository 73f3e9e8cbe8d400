import Foundation
import ReelCapture
import ReelFormats
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

@Suite("Capture server")
struct CaptureServerTests {
    @Test func aMissingOrWrongTokenIsRefusedAndNothingIsWritten() async throws {
        let folder = try temporaryFolder()
        let server = try await RunningServer(host: "0.0.0.0", in: folder)
        // Its every `try` is inside `#expect`: the closure's type is written out.
        try await stopping(server) { () async throws -> Void in
            let body = submission(0).body
            let wrong = String(server.token.reversed())
            for path in [
                "/", "/?token=", "/?token=\(wrong)", "/screen?width=390&height=844&scale=3&hz=60",
                "/screen?token=\(wrong)&width=390&height=844&scale=3&hz=60",
            ] {
                #expect(try await server.request(path).status == 403, "\(path)")
            }
            for path in ["/sessions", "/sessions?token=\(wrong)", "/sessions?token=\(server.token.prefix(31))"] {
                #expect(try await server.request(path, method: "POST", body: body).status == 403, "\(path)")
            }
            #expect(try server.storedSessions().isEmpty)
            #expect(try await server.request("/?token=\(server.token)").status == 200)
            #expect(try await server.submit(body).status == 200)
            #expect(try server.storedSessions().count == 1)
        }
    }

    @Test func theTokenIsComparedWhole() {
        let token = CaptureToken(text: "0123456789abcdef0123456789abcdef")
        #expect(token.matches("0123456789abcdef0123456789abcdef"))
        #expect(!token.matches(nil))
        #expect(!token.matches(""))
        #expect(!token.matches("0123456789abcdef0123456789abcde"))
        #expect(!token.matches("0123456789abcdef0123456789abcdef0"))
        #expect(!token.matches("1123456789abcdef0123456789abcdef"))
        #expect(CaptureToken.random() != CaptureToken.random())
        #expect(CaptureToken.random().text.count == 32)
    }

    @Test func anOversizedBodyGets413AndNothingIsWritten() async throws {
        let folder = try temporaryFolder()
        var limits = CaptureLimits.standard
        limits.maxBodyBytes = 2048
        let server = try await RunningServer(limits: limits, in: folder)
        try await stopping(server) {
            let body = submission(0).body
            #expect(body.count > 2048)
            let answer = try await server.submit(body)
            #expect(answer.status == 413)
            #expect(errorMessage(answer.text)?.contains("capture.max_body_bytes (2048 bytes)") == true)
            #expect(try server.storedSessions().isEmpty)
        }
    }

    @Test func malformedSessionsGetTheRecordersMessageAndNothingIsWritten() async throws {
        let folder = try temporaryFolder()
        let server = try await RunningServer(in: folder)
        try await stopping(server) {
            let session = #"{"type":"session","scenario":"nav.interactive-pop"}"#
            let bodies = [
                "{not json}\n",
                session + "\n" + #"{"type":"touch","t":0.1,"id":0,"phase":"moved","x":1,"y":2}"# + "\n",
                session + "\n" + #"{"type":"touch","t":0.2,"id":0,"phase":"began","x":1,"y":2}"# + "\n"
                    + #"{"type":"touch","t":0.1,"id":0,"phase":"ended","x":1,"y":2}"# + "\n",
                session + "\n" + #"{"type":"touch","t":0.1,"id":0,"phase":"lifted","x":1,"y":2}"# + "\n",
                #"{"type":"session","scenario":"nav.interactive-pop","refresh_hz":999}"# + "\n",
                #"{"type":"touch","t":0,"id":0,"phase":"began","x":1,"y":2}"# + "\n",
            ]
            for body in bodies {
                // What `reel record` says of the same bytes, read by its own reader under the capture's name.
                guard case .failure(let expected) = GestureStreamReader(text: body, name: "capture").next() else {
                    Issue.record("the recorder's reader accepts \(body)")
                    continue
                }
                let answer = try await server.submit(Data(body.utf8))
                #expect(answer.status == 400)
                #expect(errorMessage(answer.text) == expected.description)
            }
            #expect(try server.storedSessions().isEmpty)
        }
    }

    @Test func sessionsBeyondTheCaptureRulesAreRefused() async throws {
        let folder = try temporaryFolder()
        var limits = CaptureLimits.standard
        limits.maxTouches = 10
        let server = try await RunningServer(limits: limits, in: folder)
        try await stopping(server) {
            let (session, body) = submission(0)
            let other = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "nav.interactive-pop", with: "nav.push")
            let twice = body + submission(1).body
            let answers = [
                try await server.submit(body), try await server.submit(Data(other.utf8)), try await server.submit(twice),
                try await server.submit(Data()),
            ]
            #expect(answers.map(\.status) == [400, 400, 400, 400])
            #expect(
                errorMessage(answers[0].text)
                    == "capture:1: the session has \(session.touches.count) touches, more than capture.max_touches (10)")
            #expect(errorMessage(answers[1].text) == "capture:1: this server captures scenario 'nav.interactive-pop', not 'nav.push'")
            #expect(errorMessage(answers[2].text) == "capture: a submission holds exactly one session, not 2")
            #expect(errorMessage(answers[3].text) == "capture: a submission holds exactly one session, not 0")
            #expect(try server.storedSessions().isEmpty)
        }
    }

    @Test func twentyConcurrentSubmittersLoseNothing() async throws {
        let folder = try temporaryFolder()
        let submitters = 20
        let perSubmitter = 3
        // All submitters come from 127.0.0.1, one client to the rate limit: its burst must cover them.
        var limits = CaptureLimits.standard
        limits.rateBurst = submitters * perSubmitter
        let server = try await RunningServer(limits: limits, in: folder)
        try await stopping(server) {
            let answers = try await withThrowingTaskGroup(of: [(Int, Int, String)].self) { group in
                for submitter in 0..<submitters {
                    group.addTask {
                        var answers: [(Int, Int, String)] = []
                        for round in 0..<perSubmitter {
                            let index = submitter * perSubmitter + round
                            let answer = try await server.submit(submission(index).body)
                            answers.append((index, answer.status, answer.text))
                        }
                        return answers
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(answers.count == submitters * perSubmitter)
            #expect(answers.allSatisfy { $0.1 == 200 })
            let ids = Set(answers.compactMap { member("session", $0.2) as? Int })
            #expect(ids.count == submitters * perSubmitter)
            let stored = try server.storedSessions()
            #expect(stored.count == submitters * perSubmitter)
            // Every submitted session is stored whole: its touches bit for bit, and the engine's outcome
            // equals a fresh run of the same touches.
            let byTouches = Dictionary(uniqueKeysWithValues: stored.map { ($0.touches, $0) })
            for index in 0..<submitters * perSubmitter {
                let session = submission(index).session
                guard let found = byTouches[session.touches] else {
                    Issue.record("session \(index) is missing")
                    continue
                }
                let fresh = try BuiltinEngine().run(
                    scenario: capturedScenario, device: session.device, refreshHz: session.refreshHz, touches: session.touches,
                    outcomeHierarchy: true)
                #expect(found.trace.outcome == fresh.outcome)
                #expect(found.trace.frames.count == fresh.frames.count)
            }
        }
    }

    @Test func aResubmittedSessionIsNotStoredTwice() async throws {
        let folder = try temporaryFolder()
        let server = try await RunningServer(in: folder)
        try await stopping(server) {
            let body = submission(4).body
            let first = try await server.submit(body)
            let second = try await server.submit(body)
            #expect(member("recorded", first.text) as? Bool == true)
            #expect(member("recorded", second.text) as? Bool == false)
            #expect(member("session", first.text) as? Int == member("session", second.text) as? Int)
            #expect(try server.storedSessions().count == 1)
            #expect(server.server.sessionsRecorded == 1)
        }
    }

    @Test func submissionsPastAClientsBurstGet429() async throws {
        let folder = try temporaryFolder()
        var limits = CaptureLimits.standard
        limits.rateBurst = 3
        limits.ratePerSecond = 0
        let server = try await RunningServer(limits: limits, in: folder)
        try await stopping(server) {
            var statuses: [Int] = []
            for index in 0..<5 { statuses.append(try await server.submit(submission(index).body).status) }
            #expect(statuses == [200, 200, 200, 429, 429])
            #expect(try server.storedSessions().count == 3)
        }
    }

    @Test func theRunStopsRecordingAtItsSessionCap() async throws {
        let folder = try temporaryFolder()
        var limits = CaptureLimits.standard
        limits.maxSessions = 2
        let server = try await RunningServer(limits: limits, in: folder)
        try await stopping(server) {
            var statuses: [Int] = []
            for index in 0..<3 { statuses.append(try await server.submit(submission(index).body).status) }
            #expect(statuses == [200, 200, 503])
            #expect(try server.storedSessions().count == 2)
        }
    }

    @Test func capturedSessionsCarryTheDeviceAndTheCommandsTags() async throws {
        let folder = try temporaryFolder()
        let server = try await RunningServer(tags: ["team:ios"], in: folder)
        try await stopping(server) {
            let (session, body) = submission(2)
            let answer = try await server.submit(body)
            #expect(answer.status == 200)
            let stored = try #require(try server.storedSessions().first)
            let device = session.device
            #expect(
                stored.header.tags.prefix(4) == [
                    "captured", "device:screen=\(Int(device.width))x\(Int(device.height))", "device:pixel_ratio=\(Int(device.scale))",
                    "device:refresh_hz=60",
                ])
            #expect(stored.header.tags.contains { $0.hasPrefix("device:user_agent=") })
            #expect(stored.header.tags.last == "team:ios")
            #expect(stored.header.device == device)
            #expect(member("decision", answer.text) as? String == (stored.trace.outcome.completed ? "finished" : "cancelled"))
            let player = try #require(member("player", answer.text) as? String)
            #expect(player.contains("<article class=\"session player\" id=\"session-\(stored.id)\""))
        }
    }

    @Test func theServerServesThePageTheScreenAndNothingElse() async throws {
        let folder = try temporaryFolder()
        let server = try await RunningServer(in: folder)
        try await stopping(server) {
            let token = server.token
            let page = try await server.request("/?token=\(token)")
            #expect(page.status == 200)
            #expect(page.text.contains("getCoalescedEvents"))
            let screen = try await server.request("/screen?token=\(token)&width=390&height=844&scale=3&hz=60")
            #expect(screen.status == 200)
            #expect(member("screen", screen.text) as? [Double] == [390, 844])
            #expect(try await server.request("/screen?token=\(token)&width=0&height=844&scale=3&hz=60").status == 400)
            for path in [
                "/etc/passwd?token=\(token)", "/sessions/1?token=\(token)", "/query?token=\(token)", "/../capture.sqlite?token=\(token)",
            ] {
                #expect(try await server.request(path).status == 404, "\(path)")
            }
            #expect(try await server.request("/sessions?token=\(token)").status != 200)
        }
    }
}
