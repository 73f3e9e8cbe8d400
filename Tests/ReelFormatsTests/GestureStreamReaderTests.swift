import Foundation
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelJSON

@Suite("Gesture stream reader")
struct GestureStreamReaderTests {
    private let session = #"{"type":"session","scenario":"nav.interactive-pop"}"#

    private func touch(_ t: String, _ id: Int, _ phase: String, _ x: String = "10", _ y: String = "20") -> String {
        #"{"type":"touch","t":\#(t),"id":\#(id),"phase":"\#(phase)","x":\#(x),"y":\#(y)}"#
    }

    private func readAll(_ lines: [String], name: String = "input.jsonl") -> [Result<GestureSession, GestureStreamError>] {
        Array(GestureStreamReader(text: lines.joined(separator: "\n") + "\n", name: name))
    }

    /// The description of the first error of the stream.
    private func firstError(_ lines: [String]) -> String? {
        for result in readAll(lines) {
            if case .failure(let error) = result { return error.description }
        }
        return nil
    }

    @Test func readsSessionsWithDefaultsAndFields() throws {
        let results = readAll([
            session,
            touch("0.000", 0, "began", "4.0", "420.0"),
            touch("0.016", 0, "moved", "9.5", "421.0"),
            "",
            touch("0.300", 0, "ended", "180.0", "430.0"),
            #"{"type":"session","scenario":"sheet.dismiss","device":{"width":1024,"height":1366,"scale":2},"refresh_hz":120,"id":"ext-1","tags":["a","b"],"extra":{"ignored":[1]}}"#,
            #"{"type":"touch","t":0,"id":3,"phase":"began","x":1,"y":2,"force":0.5}"#,
            touch("0.1", 3, "cancelled"),
        ])
        #expect(results.count == 2)
        let first = try results[0].get()
        #expect(first.sourceFile == "input.jsonl")
        #expect(first.line == 1)
        #expect(first.scenario == "nav.interactive-pop")
        #expect(first.device == Device(width: 390, height: 844, scale: 3))
        #expect(first.refreshHz == 60)
        #expect(first.externalID == nil)
        #expect(first.tags == [])
        #expect(
            first.touches == [
                Touch(t: 0, id: 0, phase: .began, x: 4, y: 420),
                Touch(t: 0.016, id: 0, phase: .moved, x: 9.5, y: 421),
                Touch(t: 0.3, id: 0, phase: .ended, x: 180, y: 430),
            ])
        let second = try results[1].get()
        #expect(second.line == 6)
        #expect(second.device == Device(width: 1024, height: 1366, scale: 2))
        #expect(second.refreshHz == 120)
        #expect(second.externalID == "ext-1")
        #expect(second.tags == ["a", "b"])
        #expect(second.touches.map(\.phase) == [.began, .cancelled])
    }

    @Test func acceptsCRLFAndAMissingFinalNewlineAndSessionsWithoutTouches() throws {
        let text = session + "\r\n" + touch("0", 0, "began") + "\r\n" + session + "\r\n" + session
        let results = Array(GestureStreamReader(text: text, name: "crlf.jsonl"))
        #expect(try results.map { try $0.get().touches.count } == [1, 0, 0])
        #expect(try results.map { try $0.get().line } == [1, 3, 4])
    }

    @Test func rejectsMalformedJSON() {
        #expect(
            firstError([session, #"{"type":"touch","t":0,"#])
                == "input.jsonl:2: malformed JSON at column 23: unexpected end of input, expected a key")
        #expect(firstError([session, "[1,2]"]) == "input.jsonl:2: expected a JSON object, not an array")
    }

    /// A broken session line right after a session rejected on a touch line rejects its own session,
    /// naming its line, and the session after it is read: nothing between two errors is lost.
    @Test func aBrokenSessionLineAfterARejectedSessionIsRejectedItself() {
        let broken = #"{"type" : "session","scenario":"nav.interactive-pop","extra":1e999}"#
        let results = readAll([
            session, touch("0.1", 0, "began"), touch("0.05", 0, "moved"),
            broken, touch("0", 0, "began"),
            session, touch("0", 0, "began"), touch("0.1", 0, "ended"),
        ])
        let outcomes = results.map { result -> String in
            switch result {
            case .success(let session): "session at line \(session.line), \(session.touches.count) touches"
            case .failure(let error): error.description
            }
        }
        #expect(outcomes.count == 3, "\(outcomes)")
        #expect(outcomes.first?.hasPrefix("input.jsonl:3: touch time goes backwards") == true, "\(outcomes)")
        #expect(outcomes.dropFirst().first?.hasPrefix("input.jsonl:4: malformed JSON") == true, "\(outcomes)")
        #expect(outcomes.last == "session at line 6, 2 touches")
    }

    @Test func theSessionTypeIsSeenInALineThatIsNotJSON() {
        func sees(_ line: String) -> Bool {
            Array(line.utf8).withUnsafeBufferPointer { GestureLine.isSessionLine($0) }
        }
        #expect(sees(#"{"type":"session","x":1e999}"#))
        #expect(sees(#"{"type" :  "session",]"#))
        #expect(!sees(#"{"type":"touch","x":1e999}"#))
        #expect(!sees(#"{"kind":"session","x":1e999}"#))
        #expect(!sees(#"{"type":"touch","t":0,"id":0,"phase":"began","x":1,"y":2}"#))
    }

    @Test func rejectsMissingAndWronglyTypedFields() {
        #expect(firstError([session, #"{"t":0}"#]) == "input.jsonl:2: missing field \"type\"")
        #expect(firstError([session, #"{"type":"touch","t":0,"id":0,"phase":"began","y":1}"#]) == "input.jsonl:2: missing field \"x\"")
        #expect(
            firstError([session, #"{"type":"touch","t":"0","id":0,"phase":"began","x":1,"y":1}"#])
                == "input.jsonl:2: field \"t\" must be a number, not a string")
        #expect(
            firstError([session, #"{"type":"touch","t":0,"id":1.5,"phase":"began","x":1,"y":1}"#])
                == "input.jsonl:2: field \"id\" must be an integer, not 1.5")
        #expect(firstError([#"{"type":"session"}"#]) == "input.jsonl:1: missing field \"scenario\"")
        #expect(
            firstError([#"{"type":"session","scenario":7}"#])
                == "input.jsonl:1: field \"scenario\" must be a string or an object, not a number")
        #expect(firstError([#"{"type":"session","scenario":""}"#]) == "input.jsonl:1: field \"scenario\" must not be empty")
        #expect(
            firstError([#"{"type":"session","scenario":"s","device":{"width":390,"scale":3}}"#])
                == "input.jsonl:1: missing field \"device.height\"")
        #expect(
            firstError([#"{"type":"session","scenario":"s","device":[]}"#])
                == "input.jsonl:1: field \"device\" must be an object, not an array")
        #expect(firstError([#"{"type":"session","scenario":"s","id":5}"#]) == "input.jsonl:1: field \"id\" must be a string, not a number")
        #expect(
            firstError([#"{"type":"session","scenario":"s","tags":["a",1]}"#])
                == "input.jsonl:1: field \"tags\" must hold strings, not a number")
    }

    @Test func rejectsNonFiniteNumbers() {
        #expect(
            firstError([session, touch("0", 0, "began", "1e999")])
                == "input.jsonl:2: malformed JSON at column 50: number 1e999 is not finite as a double")
        #expect(
            firstError([session, touch("NaN", 0, "began")])
                == "input.jsonl:2: malformed JSON at column 21: NaN and Infinity are not numbers JSON allows")
    }

    @Test func rejectsTimeGoingBackwards() {
        #expect(
            firstError([session, touch("0.316", 0, "began"), touch("0.300", 0, "moved")])
                == "input.jsonl:3: touch time goes backwards (0.300 after 0.316)")
        #expect(
            firstError([session, touch("0.3001", 0, "began"), touch("0.3", 0, "moved")])
                == "input.jsonl:3: touch time goes backwards (0.3 after 0.3001)")
    }

    @Test func rejectsUnknownPhaseAndType() {
        #expect(
            firstError([session, touch("0", 0, "moving")])
                == "input.jsonl:2: unknown phase \"moving\" (expected began, moved, stationary, ended or cancelled)")
        #expect(firstError([session, #"{"type":"swipe"}"#]) == "input.jsonl:2: unknown type \"swipe\" (expected \"session\" or \"touch\")")
    }

    @Test func rejectsTouchesBeforeAnySessionLine() {
        #expect(firstError(["", touch("0", 0, "began"), session]) == "input.jsonl:2: touch before any session line")
    }

    @Test func rejectsFingersThatDidNotBegin() {
        #expect(firstError([session, touch("0", 0, "moved")]) == "input.jsonl:2: finger 0 moved before it began")
        #expect(firstError([session, touch("0", 0, "began"), touch("0.1", 1, "ended")]) == "input.jsonl:3: finger 1 ended before it began")
        #expect(firstError([session, touch("0", 2, "stationary")]) == "input.jsonl:2: finger 2 was stationary before it began")
        #expect(
            firstError([session, touch("0", 0, "began"), touch("0.1", 0, "ended"), touch("0.2", 0, "cancelled")])
                == "input.jsonl:4: finger 0 was cancelled before it began")
        #expect(
            firstError([session, touch("0", 0, "began"), touch("0.1", 0, "began")]) == "input.jsonl:3: finger 0 began again before it ended"
        )
        // A finger may go down again after it lifted.
        #expect(firstError([session, touch("0", 0, "began"), touch("0.1", 0, "ended"), touch("0.2", 0, "began")]) == nil)
    }

    @Test func rejectsAbsurdValues() {
        #expect(
            firstError([#"{"type":"session","scenario":"s","device":{"width":0,"height":844,"scale":3}}"#])
                == "input.jsonl:1: field \"device.width\" must be positive, not 0")
        #expect(
            firstError([#"{"type":"session","scenario":"s","device":{"width":390,"height":-844,"scale":3}}"#])
                == "input.jsonl:1: field \"device.height\" must be positive, not -844")
        #expect(
            firstError([#"{"type":"session","scenario":"s","device":{"width":390,"height":844,"scale":0}}"#])
                == "input.jsonl:1: field \"device.scale\" must be positive, not 0")
        #expect(
            firstError([#"{"type":"session","scenario":"s","refresh_hz":0.5}"#])
                == "input.jsonl:1: field \"refresh_hz\" must be between 1 and 240, not 0.5")
        #expect(
            firstError([#"{"type":"session","scenario":"s","refresh_hz":241}"#])
                == "input.jsonl:1: field \"refresh_hz\" must be between 1 and 240, not 241")
        #expect(firstError([#"{"type":"session","scenario":"s","refresh_hz":240}"#]) == nil)
    }

    @Test func keepGoingSkipsOnlyTheBadSession() throws {
        let results = readAll([
            #"{"type":"session","scenario":"s","id":"good-1"}"#,  // 1
            touch("0", 0, "began"),  // 2
            touch("0.1", 0, "ended"),  // 3
            #"{"type":"session","scenario":"s","id":"bad-2"}"#,  // 4
            touch("0", 0, "began"),  // 5
            touch("oops", 0, "moved"),  // 6
            touch("0.2", 0, "moved"),  // 7 (skipped)
            "garbage that is not JSON",  // 8 (skipped)
            #"{"type":"session","scenario":"s","id":"good-3"}"#,  // 9
            touch("0", 0, "began"),  // 10
            #"{"type":"session","scenario":"s","refresh_hz":999}"#,  // 11 bad session line
            touch("0", 0, "began"),  // 12 (skipped)
            #"{"type":"session","scenario":"s","id":"good-4"}"#,  // 13
        ])
        #expect(results.count == 5)
        #expect(try results[0].get().externalID == "good-1")
        guard case .failure(let second) = results[1] else {
            Issue.record("expected an error")
            return
        }
        #expect(second.line == 6)
        #expect(second.sessionLine == 4)
        #expect(second.reason.hasPrefix("malformed JSON at column 21"))
        #expect(try results[2].get().externalID == "good-3")
        #expect(try results[2].get().touches.count == 1)
        guard case .failure(let fourth) = results[3] else {
            Issue.record("expected an error")
            return
        }
        #expect(fourth.line == 11)
        #expect(fourth.sessionLine == 11)
        #expect(try results[4].get().externalID == "good-4")
        #expect(try results[4].get().touches.isEmpty)
    }

    @Test func stopsEarlyWithoutReadingTheRest() throws {
        let reader = GestureStreamReader(text: [session, touch("0", 0, "moved"), session].joined(separator: "\n"), name: "x")
        guard case .failure(let error)? = reader.next() else {
            Issue.record("expected an error")
            return
        }
        #expect(error.description == "x:2: finger 0 moved before it began")
        #expect(error.sessionLine == 1)
    }

    @Test func streamsManySessionsFromAFileInChunks() throws {
        let directory = URL(fileURLWithPath: try temporaryFolder())
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("many.jsonl").path
        var writer = JSONWriter()
        let sessionCount = 5_000
        for index in 0..<sessionCount {
            var session = GestureSession(scenario: "nav.interactive-pop", externalID: "s\(index)")
            for step in 0..<20 {
                let phase: TouchPhase = step == 0 ? .began : step == 19 ? .ended : .moved
                let x = Double(index) + Double(step) * 0.1
                session.touches.append(Touch(t: Double(step) / 60, id: 0, phase: phase, x: x, y: 400))
            }
            GestureStreamWriter.append(session, to: &writer)
        }
        #expect(writer.bytes.count > 3 * LineSource.chunkSize)
        try Data(writer.bytes).write(to: URL(fileURLWithPath: path))

        let reader = try GestureStreamReader(path: path)
        var count = 0
        for result in reader {
            let session = try result.get()
            #expect(session.externalID == "s\(count)")
            #expect(session.line == 1 + count * 21)
            #expect(session.touches.count == 20)
            #expect(session.touches[19].x == Double(count) + 19 * 0.1)
            count += 1
        }
        #expect(count == sessionCount)
    }

    @Test func theTouchFastPathAgreesWithTheGeneralDecoder() {
        let lines = [
            #"{"type":"touch","t":0.016,"id":0,"phase":"moved","x":9.5,"y":421}"#,
            #" { "y" : -0.0 , "x" : 1e-7 , "phase" : "ended" , "id" : 3 , "t" : 12345.678901 , "type" : "touch" } "#,
            #"{"type":"touch","t":0.1234567890123456789,"id":-2,"phase":"stationary","x":390,"y":844.0000000000001}"#,
            #"{"type":"touch","t":0,"id":0,"phase":"began","x":1,"y":2,"extra":[1,{"a":null}]}"#,  // general path
            #"{"type":"touch","t":0,"id":0,"phase":"be\u0067an","x":1,"y":2}"#,  // general path
            #"{"type":"touch","t":0,"id":0,"phase":"began","x":1,"y":2,"x":3}"#,  // duplicate: rejected
            #"{"type":"touch","t":0,"id":0.5,"phase":"began","x":1,"y":2}"#,  // rejected
            #"{"type":"touch","t":1e999,"id":0,"phase":"began","x":1,"y":2}"#,  // rejected
            #"{"type":"touch","t":0,"id":0,"phase":"began","x":1}"#,  // rejected
            #"{"type":"touch","t":0,"id":0,"phase":"began","x":1,"y":2} x"#,  // rejected
        ]
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let general: Touch?
                if case .success(.touch(let touch)) = GestureLine.decode(buffer) { general = touch } else { general = nil }
                if let fast = TouchLineScanner.scan(buffer) {
                    #expect(general == fast, "\(line)")
                    #expect(general?.x.bitPattern == fast.x.bitPattern && general?.y.bitPattern == fast.y.bitPattern)
                }
            }
        }
        let fastCount = lines.filter { line in Array(line.utf8).withUnsafeBufferPointer { TouchLineScanner.scan($0) != nil } }.count
        #expect(fastCount == 3)
    }

    /// The fast path names phases and keys by comparing bytes with literals: every phase the
    /// general decoder knows is read the same, and names one letter, one byte or one case away
    /// from a known one are left to the general path (which refuses them).
    @Test func theTouchFastPathReadsEveryPhaseAndNoNameNearOne() {
        func decodeBoth(_ line: String) -> (general: Touch?, fast: Touch?) {
            Array(line.utf8).withUnsafeBufferPointer { buffer in
                let general: Touch?
                if case .success(.touch(let touch)) = GestureLine.decode(buffer) { general = touch } else { general = nil }
                return (general, TouchLineScanner.scan(buffer))
            }
        }
        for phase in TouchPhase.allCases {
            let (general, fast) = decodeBoth(#"{"type":"touch","t":0.5,"id":1,"phase":""# + phase.rawValue + #"","x":2,"y":3}"#)
            #expect(general?.phase == phase)
            #expect(fast == general, "\(phase)")
        }
        let nearMisses = [
            #"{"type":"touch","t":0.5,"id":1,"phase":"Began","x":2,"y":3}"#,
            #"{"type":"touch","t":0.5,"id":1,"phase":"begun","x":2,"y":3}"#,
            #"{"type":"touch","t":0.5,"id":1,"phase":"move","x":2,"y":3}"#,
            #"{"type":"touch","t":0.5,"id":1,"phase":"ended ","x":2,"y":3}"#,
            #"{"type":"touch","t":0.5,"id":1,"phase":"cancelleD","x":2,"y":3}"#,
            #"{"type":"touch","t":0.5,"id":1,"phase":"stationarx","x":2,"y":3}"#,
            #"{"type":"touch","t":0.5,"id":1,"phase":"","x":2,"y":3}"#,
            #"{"type":"touches","t":0.5,"id":1,"phase":"moved","x":2,"y":3}"#,
            #"{"type":"touck","t":0.5,"id":1,"phase":"moved","x":2,"y":3}"#,
            #"{"typo":"touch","t":0.5,"id":1,"phase":"moved","x":2,"y":3}"#,
            #"{"type":"touch","t":0.5,"id":1,"phasE":"moved","x":2,"y":3}"#,
            #"{"type":"touch","t":0.5,"iD":1,"phase":"moved","x":2,"y":3}"#,
        ]
        for line in nearMisses {
            let (general, fast) = decodeBoth(line)
            #expect(general == nil, "\(line)")
            #expect(fast == nil, "\(line)")
        }
    }

    @Test func readsAPipeDeliveringLinesInSmallPieces() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let text =
            ([session] + (0..<200).map { touch(String(Double($0) / 100), 0, $0 == 0 ? "began" : "moved") })
            .joined(separator: "\n") + "\n" + session + "\n"
        let bytes = Array(text.utf8)
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {
                let count = min(7, bytes.count - offset)
                let written = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress! + offset, count) }
                if written > 0 { offset += written }
            }
            close(writeEnd)
        }
        writer.start()
        let results = Array(GestureStreamReader(fileDescriptor: readEnd, name: "-", closeOnDeinit: true))
        #expect(results.count == 2)
        #expect(try results[0].get().touches.count == 200)
        #expect(try results[0].get().touches[199].t == 1.99)
        #expect(try results[1].get().line == 202)
    }

    @Test func reportsAMissingFile() {
        #expect(throws: GestureStreamError.self) { try GestureStreamReader(path: "/nonexistent/input.jsonl") }
    }
}
