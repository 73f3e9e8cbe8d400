import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 36, JUnit as CI systems read it: the suite's `time` is the seconds the replay took in this
/// process, each test case's `time` the seconds the candidate engine took on the session, and a
/// failure's message is the first failing divergence: kind, frame and detail.
@Suite("JUnit times and failure messages")
struct JUnitTimeTests {
    /// The values of `attribute` in the elements named `element`, in document order.
    private func attributes(_ attribute: String, of element: String, in xml: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: "<\(element) [^>]*\(attribute)=\"([^\"]*)\"")
        return pattern.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).map {
            String(xml[Range($0.range(at: 1), in: xml)!])
        }
    }

    /// An XML attribute's text as written by an escaper of the five characters.
    private func unescaped(_ text: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")].reduce(text) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }

    @Test func suiteAndTestCaseTimesAndTheFirstDivergenceInTheMessage() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 16)
        let before = Date()
        let run = try runReel(["replay", archive, "--engine", candidate, "--format", "junit", "--jobs", "1"], in: folder)
        let process = Date().timeIntervalSince(before)
        #expect(run.status == 1, "\(run.standardError)")
        let xml = run.standardOutput
        let store = try Archive.open(archive, mode: .readOnly)

        // Each session's time: the engine's seconds on it. One worker runs them one after the other,
        // inside the replay, which runs inside the process the test timed.
        let times = try attributes("time", of: "testcase", in: xml).map { try #require(Double($0), "\($0)") }
        #expect(times.count == 16)
        #expect(times.allSatisfy { $0.isFinite && $0 >= 0 })
        #expect(times.contains { $0 > 0 }, "running the engine takes time: \(times)")
        let suite = try attributes("time", of: "testsuite", in: xml)
        #expect(suite.count == 1, "\(xml.prefix(400))")
        let suiteTime = try #require(Double(suite.first ?? ""))
        // Written to the microsecond: the sum of six-decimal times may exceed the suite's by rounding.
        #expect(times.reduce(0, +) <= suiteTime + 16e-6, "sessions \(times.reduce(0, +)) s within the replay's \(suiteTime) s")
        #expect(suiteTime <= process, "the replay's \(suiteTime) s within the process's \(process) s")

        // A failure's message: the first failing divergence's kind, frame and detail, as the archive holds it.
        let messages = try attributes("message", of: "failure", in: xml)
        let diverged = try store.replayResults(replayID: 1).filter { $0.status == .diverged }
        #expect(messages.count == diverged.count && !messages.isEmpty)
        for (message, row) in zip(messages, diverged) {
            let first = try #require(try store.divergences(replayID: 1, sessionID: row.sessionID).first?.divergence)
            let expected = "\(first.kind.rawValue)" + (first.frameIndex.map { " at frame \($0)" } ?? "") + ": " + first.detail
            #expect(unescaped(message) == expected, "\(message) vs \(expected)")
        }
    }
}
