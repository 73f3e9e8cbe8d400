import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Request ids of the engine protocol: written first in a request, echoed by `reel engine serve`,
/// optional in answers (engines written before ids still work).
@Suite("Engine protocol request ids")
struct RequestIDTests {
    private let request = EngineRequest(
        scenarioName: "nav.interactive-pop", device: Device(width: 390, height: 844, scale: 3), refreshHz: 60,
        touches: [Touch(t: 0, id: 0, phase: .began, x: 4, y: 420)], id: 7)

    @Test func aRequestCarriesItsIDAndTheServerEchoesIt() throws {
        let line = try request.encodedLine()
        #expect(String(decoding: line, as: UTF8.self).hasPrefix(#"{"id":7,"scenario":"#))
        #expect(try EngineRequest.decode(line: Array(line.dropLast())).id == 7)
        var answers: [[UInt8]] = []
        try EngineProtocolServer.serve(lines: LineSource(bytes: line), handler: { _ in .error("no") }, emit: { answers.append($0) })
        #expect(answers.map { String(decoding: $0, as: UTF8.self) } == [#"{"id":7,"error":"no"}"# + "\n"])
        #expect(try EngineReply.decodeAnswer(line: Array(answers[0].dropLast())).id == 7)
    }

    @Test func answersWithoutAnIDStillDecode() throws {
        let answer = try EngineReply.decodeAnswer(line: Array(#"{"error":"unknown scenario"}"#.utf8))
        #expect(answer.id == nil)
        #expect(answer.reply == .error("unknown scenario"))
    }
}
