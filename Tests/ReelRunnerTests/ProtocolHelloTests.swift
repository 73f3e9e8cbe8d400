import Foundation
import ReelEngine
import ReelJSON
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Issue 50: the hello (docs/PROTOCOL.md, "Hello"). Reel's first request to each engine process
/// carries its offer and goes alone; the engine's answer to it agrees one encoding each way for
/// the process, and nothing switches afterwards. An engine without a hello speaks plain JSON; a
/// hello of another version, an encoding not offered, or an answer in the other encoding than
/// the agreed one fails the session naming the rule. Shown with tools/example_engine.py, its
/// answers bent by `sed` where a broken engine is needed.
@Suite("Protocol hello")
struct ProtocolHelloTests {
    private let example = "python3 \(repositoryRoot)/tools/example_engine.py"

    private static func sessions(_ count: Int) -> [AheadSession] {
        let spec = ScenarioCatalog.named("nav.interactive-pop")!
        let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 71)
        return (0..<count).map { index in
            let session = synthesizer.session(index: index)
            return AheadSession(scenario: spec, device: session.device, refreshHz: 60, touches: session.touches)
        }
    }

    /// The traces `command` gives for `sessions`, or the error of each session.
    private static func run(_ command: String, _ sessions: [AheadSession], ahead: Bool) -> [Result<Trace, ExternalEngineError>] {
        let engine = ExternalTransitionEngine(command: command, timeLimit: .seconds(20))
        if ahead { engine.sendAhead(sessions) }
        return sessions.map { session in
            Result { () throws(ExternalEngineError) in
                do {
                    return try engine.run(
                        scenario: session.scenario, device: session.device, refreshHz: 60, touches: session.touches,
                        outcomeHierarchy: true)
                } catch let error as ExternalEngineError {
                    throw error
                } catch {
                    throw ExternalEngineError(kind: .ioError, message: "\(error)")
                }
            }
        }
    }

    /// Plain and binary both ways, and an engine written before the hello: the same traces, bit
    /// for bit, one by one and sent ahead; what each process was sent says which encoding it agreed.
    @Test func everyAgreementGivesTheSameTraces() throws {
        let folder = try temporaryFolder()
        let sessions = Self.sessions(10)
        var traces: [[Trace]] = []
        for (name, flags) in [("plain", ""), ("binary", " --binary"), ("old", " --no-hello")] {
            for ahead in [false, true] {
                let log = folder + "/\(name)-\(ahead).jsonl"
                let results = Self.run("tee -a '\(log)' | \(example)\(flags)", sessions, ahead: ahead)
                let found = try results.map { try $0.get() }
                traces.append(found)
                let requests = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
                #expect(requests.count == sessions.count)
                // The first request says hello and is plain; the others never say it, and are
                // binary exactly when the example engine agreed to binary requests.
                #expect(requests[0].contains(#""hello":{"protocol":2,"#) && requests[0].contains(#""touches":["#))
                for request in requests.dropFirst() {
                    #expect(!request.contains(#""hello""#))
                    #expect(request.contains(#""binary_touches":""#) == (name == "binary"), "\(name): \(request.prefix(120))")
                }
            }
        }
        for other in traces.dropFirst() {
            #expect(other == traces[0])
            let bits = { (traces: [Trace]) in traces.flatMap { $0.frames.flatMap { $0.views.map(\.x.bitPattern) } } }
            #expect(bits(other) == bits(traces[0]))
        }
    }

    /// What a broken hello or a switch of encoding costs: that session, named; the process is
    /// killed and the next one says hello again (so with these engines every session fails alike).
    @Test func aBrokenHelloOrASwitchFailsItsSessionNamingTheRule() throws {
        let sessions = Self.sessions(2)
        let cases: [(String, String)] = [
            (
                "\(example) --binary | sed -u 's/\"protocol\":2/\"protocol\":3/'",
                #"the engine's hello is not valid: field "hello.protocol": the engine speaks protocol 3; Reel offered protocol 2"#
            ),
            (
                "\(example) --binary | sed -u 's/\"answers\":\"binary\"/\"answers\":\"zstd\"/'",
                #"field "hello.answers": "zstd" is not one of the offered "binary", "plain""#
            ),
            (
                "\(example) --binary | sed -u 's/\"hello\":{[^}]*},//'",
                #"the engine answered in the binary encoding ("binary_trace") without a hello"#
            ),
            (
                "\(example) | sed -u 's/\"answers\":\"plain\"/\"answers\":\"binary\"/'",
                "the engine answered in plain JSON after its hello agreed binary answers"
            ),
        ]
        for (command, message) in cases {
            for result in Self.run(command, sessions, ahead: true) {
                guard case .failure(let error) = result else {
                    Issue.record("\(command): a trace")
                    continue
                }
                #expect(error.kind == .malformedResponse && error.message.contains(message), "\(command): \(error.message)")
            }
        }
    }

    /// The offer Reel writes and the agreements it reads back, by the published rule: protocol 2,
    /// the offered encodings only.
    @Test func theAgreementIsCheckedAgainstTheOffer() throws {
        var writer = JSONWriter()
        ProtocolHello.Offer.reel.write(into: &writer)
        #expect(writer.text == #""hello":{"protocol":2,"answers":["binary","plain"],"requests":["binary","plain"]}"#)
        let offer = ProtocolHello.Offer(answers: [.plain], requests: [.binary, .plain])
        let agreed = try ProtocolHello.Agreement(
            decoding: try JSONParser.parse(#"{"protocol":2,"answers":"plain","requests":"binary"}"#), offer: offer)
        #expect(agreed == ProtocolHello.Agreement(answers: .plain, requests: .binary))
        #expect(throws: JSONFieldError.self) {
            try ProtocolHello.Agreement(
                decoding: try JSONParser.parse(#"{"protocol":2,"answers":"binary","requests":"plain"}"#), offer: offer)
        }
        #expect(throws: JSONFieldError.self) {
            try ProtocolHello.Agreement(decoding: try JSONParser.parse(#"{"protocol":2,"answers":"plain"}"#), offer: offer)
        }
        // A server agrees to binary each way the offer lists it.
        #expect(try ProtocolHello.Agreement(answering: offer) == ProtocolHello.Agreement(answers: .plain, requests: .binary))
        #expect(throws: JSONFieldError.self) {
            try ProtocolHello.Agreement(answering: ProtocolHello.Offer(version: 1, answers: [], requests: []))
        }
    }
}
