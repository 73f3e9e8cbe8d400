import Foundation
import ReelFormats
import ReelTestSupport
import Testing

/// Every rejection rule of the profile loader and of the engine-reply decoder, each with its
/// message (and for profiles the exit status: 65 bad data, 66 missing file).
@Suite("Rejections: profiles and engine replies")
struct ProfileAndReplyRejectionTests {
    static let profileRules: [(input: String, message: String)] = [
        ("{\"parameters\": {}", "p.json:1: not valid JSON at column 18: "),
        ("{\n\"name\": \"a\",\n\"name\": \"b\"}", "p.json:3: not valid JSON at column 1: "),
        ("[]", "p.json: a profile is a JSON object with \"parameters\", got an array"),
        ("{\"name\": \"\"}", "p.json: \"name\" must be a non-empty string"),
        ("{\"name\": 7}", "p.json: \"name\" must be a non-empty string"),
        ("{\"parameters\": [\"nav.duration\"]}", "p.json: \"parameters\" must be an object of parameter names to values"),
        (
            "{\"parameters\": {\"nav.duration\": null}}",
            "p.json: parameter 'nav.duration' must be a number, a boolean or a string, got null"
        ),
        ("{\"colour\": \"red\"}", "p.json: unknown key \"colour\" (a profile has name, description and parameters)"),
        ("{\"parameters\": {\"no.such\": 1}}", "p.json: unknown engine parameter 'no.such'"),
        ("{\"parameters\": {\"nav.duration\": \"slow\"}}", "p.json: parameter 'nav.duration' takes a number, got a string"),
        ("{\"parameters\": {\"backswipe.policy\": \"sometimes\"}}", "p.json: parameter 'backswipe.policy' must be one of "),
    ]

    @Test(arguments: profileRules)
    func profileRule(input: String, message: String) {
        do {
            _ = try ProfileLoader.parse(Array(input.utf8), path: "p.json")
            Issue.record("accepted: \(input)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.kind == .dataError)
        }
    }

    @Test func aMissingProfileIsMissingInput() {
        let path = temporaryPath("no-such-profile.json")
        do {
            _ = try ProfileLoader.load(path: path)
            Issue.record("a missing profile loaded")
        } catch {
            #expect(error.kind == .noInput)
            // No preset is near a temporary path: no "closest:" hint.
            #expect(
                error.message == "\(path): no such profile file, and no preset of that name (--engine takes builtin, a preset of "
                    + "reel engine profiles, a profile .json or exec:COMMAND)")
        }
    }

    /// A valid view, frame and reply to break one field at a time.
    static let view = #"{"key":"A.view","x":0,"y":0,"w":390,"h":844,"alpha":1,"transform":[1,0,0,1,0,0],"z":0,"hidden":false}"#
    static func reply(
        frames: String = "[{\"t\":0,\"progress\":0,\"views\":[\(view)]}]", events: String = "[]",
        outcome: String = #"{"completed":true,"t":0.3}"#, engine: String = #"{"name":"e","version":"1"}"#
    ) -> String {
        "{\"engine\":\(engine),\"frames\":\(frames),\"events\":\(events),\"outcome\":\(outcome)}"
    }

    static let replyRules: [(input: String, reason: String)] = [
        ("{\"engine\":", "malformed JSON at column 11: "),
        ("[]", "invalid response: expected a JSON object, not an array"),
        ("{\"error\":1}", "invalid response: field \"error\" must be a string, not a number"),
        ("{\"frames\":[],\"events\":[],\"outcome\":{}}", "invalid response: missing field \"engine\""),
        (reply(engine: #"{"name":"e"}"#), "invalid response: missing field \"engine.version\""),
        (reply(frames: "{}"), "invalid response: field \"frames\" must be an array, not an object"),
        (reply(frames: "[1]"), "invalid response: field \"frames[0]\" must be an object, not a number"),
        (reply(frames: "[{\"progress\":0,\"views\":[]}]"), "invalid response: missing field \"frames[0].t\""),
        (
            reply(frames: "[{\"t\":\"0\",\"progress\":0,\"views\":[]}]"),
            "invalid response: field \"frames[0].t\" must be a number, not a string"
        ),
        (
            reply(frames: "[{\"t\":0,\"progress\":0,\"views\":{}}]"),
            "invalid response: field \"frames[0].views\" must be an array, not an object"
        ),
        (
            reply(frames: "[{\"t\":0,\"progress\":0,\"views\":[\(view.replacingOccurrences(of: "\"z\":0", with: "\"z\":0.5"))]}]"),
            "invalid response: field \"frames[0].views[0].z\" must be an integer, not 0.5"
        ),
        (
            reply(frames: "[{\"t\":0,\"progress\":0,\"views\":[\(view.replacingOccurrences(of: "[1,0,0,1,0,0]", with: "[1,0,0,1,0]"))]}]"),
            "invalid response: field \"frames[0].views[0].transform\" must hold 6 numbers [a, b, c, d, tx, ty], not 5"
        ),
        (
            reply(frames: "[{\"t\":0,\"progress\":0,\"views\":[\(view.replacingOccurrences(of: ",\"hidden\":false", with: ""))]}]"),
            "invalid response: missing field \"frames[0].views[0].hidden\""
        ),
        (reply(events: "[{\"t\":0,\"kind\":\"k\",\"subject\":\"s\"}]"), "invalid response: missing field \"events[0].detail\""),
        (reply(outcome: #"{"completed":1,"t":0.3}"#), "invalid response: field \"outcome.completed\" must be a boolean, not a number"),
    ]

    @Test(arguments: replyRules)
    func replyRule(input: String, reason: String) {
        do {
            _ = try EngineReply.decode(line: Array(input.utf8))
            Issue.record("accepted: \(input)")
        } catch {
            #expect(error.reason.hasPrefix(reason), "\(error.reason)")
        }
    }

    @Test func theUnbrokenReplyIsAccepted() throws {
        guard case .response(let response) = try EngineReply.decode(line: Array(Self.reply().utf8)) else {
            Issue.record("not a response")
            return
        }
        #expect(response.trace.frames.count == 1 && response.trace.outcome.completed)
    }
}
