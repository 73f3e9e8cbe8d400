import Foundation
import ReelJSON
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelFormats

/// The extension view properties (`ViewProperty.isExtension`) in the engine protocol's two forms
/// (docs/PROTOCOL.md): optional members of the plain form, left out when +0; binary layout 3,
/// used only when a view sets one, read by the independent reader of tools/example_engine.py.
@Suite("View extensions in the protocol")
struct ViewExtensionCodecTests {
    static func trace(card: ViewState) -> Trace {
        Trace(
            frames: [Frame(index: 0, t: 0, progress: 0.5, views: [ViewState(key: "list", x: 0, y: 0, w: 390, h: 844, z: 0), card])],
            events: [TraceEvent(t: 0, kind: "gesture", subject: "pan", detail: "began")],
            outcome: Outcome(completed: true, t: 0.5, hierarchy: ""))
    }

    static func plainLine(_ trace: Trace) -> String {
        let response = EngineResponse(engineName: "e", engineVersion: "1", trace: trace)
        return String(decoding: EngineReply.response(response).encodedLine().dropLast(), as: UTF8.self)
    }

    @Test func thePlainFormWritesAnExtensionOnlyWhenItIsSet() throws {
        let plain = Self.plainLine(Self.trace(card: ViewState(key: "card", x: 0, y: 400, w: 390, h: 444, z: 1)))
        for property in ViewProperty.extensions { #expect(!plain.contains("\"\(property.rawValue)\""), "\(property.rawValue)") }
        let card = ViewState(key: "card", x: 0, y: 400, w: 390, h: 444, z: 1, cornerRadius: 12, shadowOpacity: -0.0, contentOffsetY: 40)
        let line = Self.plainLine(Self.trace(card: card))
        // After hidden, in ViewProperty order; -0.0 is set (its bits are not +0's).
        #expect(line.contains(#""hidden":false,"corner_radius":12,"shadow_opacity":-0.0,"content_offset_y":40}"#), "\(line)")
        guard case .response(let decoded) = try EngineReply.decode(line: Array(line.utf8)) else {
            Issue.record("no response")
            return
        }
        #expect(decoded.trace.frames[0].views[1] == card)
        #expect(decoded.trace.frames[0].views[1].shadowOpacity.sign == .minus)
    }

    @Test func anExtensionOfTheWrongTypeIsNamed() {
        let line = Self.plainLine(Self.trace(card: ViewState(key: "card", x: 0, y: 400, w: 390, h: 444, z: 1, cornerRadius: 12)))
            .replacingOccurrences(of: #""corner_radius":12"#, with: #""corner_radius":"12""#)
        #expect(throws: EngineProtocolError.self) { try EngineReply.decode(line: Array(line.utf8)) }
        do {
            _ = try EngineReply.decode(line: Array(line.utf8))
        } catch {
            #expect(error.reason.contains(#"field "frames[0].views[1].corner_radius" must be a number"#), "\(error.reason)")
        }
    }

    /// Reel's layout 3 read by tools/example_engine.py's `decode_trace` (written from
    /// docs/PROTOCOL.md alone) gives the members the plain form writes, number for number.
    @Test func theIndependentReaderReadsLayoutThree() throws {
        let card = ViewState(
            key: "card", x: 0, y: 400, w: 390, h: 444, z: 1, cornerRadius: 12.5, borderWidth: 1, shadowOpacity: 0.3, shadowRadius: 8)
        let trace = Self.trace(card: card)
        let bytes = BinaryTraceWriter.encode(trace)
        #expect(bytes.first == BinaryTrace.extendedVersion)
        let folder = try temporaryFolder()
        let file = folder + "/layout.bin"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let script = """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import example_engine
            frames, events = example_engine.decode_trace(open(sys.argv[2], "rb").read())
            print(json.dumps(frames[0]["views"][1], sort_keys=True))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, repositoryRoot + "/tools", file]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let view = try JSONParser.parse(text)
        for (name, value) in [("corner_radius", 12.5), ("border_width", 1), ("shadow_opacity", 0.3), ("shadow_radius", 8), ("y", 400)] {
            #expect(view[name] == .number(value), "\(name) in \(text)")
        }
        #expect(view["content_offset_x"] == nil && view["content_offset_y"] == nil, "\(text)")
    }
}
