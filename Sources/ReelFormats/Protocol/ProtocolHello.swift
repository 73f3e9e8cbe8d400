import ReelJSON
import ReelTrace

/// How a protocol line carries a session's touches or trace (docs/PROTOCOL.md, "Encodings").
///
/// `plain` is JSON as written by hand (`"touches": [...]`, `"frames": [...]`, `"events": [...]`),
/// which every engine writes and reads. `binary` carries the same values as base64url text of a
/// little-endian layout with raw IEEE-754 doubles (`binary_touches`, `binary_trace`), so no
/// number is formatted or parsed as decimal text. Both decode to bit-identical touches and traces.
///
/// ```swift
/// let line = EngineReply.response(response).encodedLine(id: 7, encoding: .binary, hello: nil, hierarchyCheck: &check)
/// ```
package enum ProtocolEncoding: String, Sendable, Hashable, CaseIterable {
    case plain
    case binary
}

/// The hello exchange that agrees, once per engine process, the protocol version and the
/// encodings of requests and answers (docs/PROTOCOL.md, "Hello").
///
/// Reel's first request to a new process carries its `Offer` as a `"hello"` member; the engine's
/// answer to that request carries its `Agreement`, which holds for the rest of the process. An
/// engine that answers without one (written before the hello) speaks protocol 1: plain JSON both
/// ways (`Agreement.plain`).
///
/// ```swift
/// let agreement = try ProtocolHello.Agreement(answering: .reel)   // binary both ways
/// try ProtocolHello.Agreement(decoding: value, offer: .reel)      // what Reel reads back
/// ```
package enum ProtocolHello {
    /// The member of a request or an answer that carries the hello.
    package static let member = "hello"
    /// The protocol version a hello agrees: 2. Version 1 is the protocol without a hello.
    package static let version = 2

    /// What the client offers: its protocol version, and the encodings it reads answers in and
    /// writes requests in, preferred first.
    package struct Offer: Sendable, Hashable {
        package var version: Int
        package var answers: [ProtocolEncoding]
        package var requests: [ProtocolEncoding]

        package init(version: Int = ProtocolHello.version, answers: [ProtocolEncoding], requests: [ProtocolEncoding]) {
            self.version = version
            self.answers = answers
            self.requests = requests
        }

        /// Reel's offer: protocol 2, binary or plain both ways.
        package static let reel = Offer(answers: [.binary, .plain], requests: [.binary, .plain])

        /// `"hello":{"protocol":2,"answers":["binary","plain"],"requests":["binary","plain"]}` (no leading comma).
        func write(into writer: inout JSONWriter) {
            writer.firstMember(HelloKeys.hello)
            writer.openObject(HelloKeys.protocolVersion)
            writer.int(version)
            writer.member(HelloKeys.answers)
            writer.array(answers) { $0.string($1.rawValue) }
            writer.member(HelloKeys.requests)
            writer.array(requests) { $0.string($1.rawValue) }
            writer.closeObject()
        }

        /// A request's `hello` member. Names of encodings this side does not know are ignored;
        /// `plain` is always understood, listed or not.
        init(decoding value: JSONValue) throws(JSONFieldError) {
            let path = "\(ProtocolHello.member)."
            guard case .object = value else { throw JSONValue.typeError(ProtocolHello.member, "an object", value) }
            version = try value.integer("protocol", path: path)
            func encodings(_ key: String) throws(JSONFieldError) -> [ProtocolEncoding] {
                guard let list = value.optionalMember(key) else { return [.plain] }
                guard case .array(let names) = list else { throw JSONValue.typeError(path + key, "an array", list) }
                return names.compactMap { name in
                    if case .string(let text) = name { ProtocolEncoding(rawValue: text) } else { nil }
                }
            }
            answers = try encodings("answers")
            requests = try encodings("requests")
        }
    }

    /// What the engine agrees to: the protocol version and one encoding each way, which every
    /// later line of the process keeps.
    package struct Agreement: Sendable, Hashable {
        package var version: Int
        /// The encoding of the engine's answers.
        package var answers: ProtocolEncoding
        /// The encoding of the client's requests after the one that carried the hello.
        package var requests: ProtocolEncoding

        package init(version: Int = ProtocolHello.version, answers: ProtocolEncoding, requests: ProtocolEncoding) {
            self.version = version
            self.answers = answers
            self.requests = requests
        }

        /// Protocol 1, an engine without a hello: plain JSON both ways.
        package static let plain = Agreement(version: 1, answers: .plain, requests: .plain)

        /// What a server that reads and writes both encodings (`reel engine serve`,
        /// `ReelKitServer`) agrees to for `offer`: binary each way the offer lists it, plain
        /// otherwise. Throws, naming both versions, for an offer of another protocol version.
        package init(answering offer: Offer) throws(JSONFieldError) {
            guard offer.version == ProtocolHello.version else {
                throw JSONFieldError(
                    reason: "the hello asks for protocol \(offer.version); this engine speaks protocol \(ProtocolHello.version) "
                        + "(docs/PROTOCOL.md, \"Hello\")")
            }
            self.init(
                answers: offer.answers.contains(.binary) ? .binary : .plain,
                requests: offer.requests.contains(.binary) ? .binary : .plain)
        }

        /// An answer's `hello` member, checked against what `offer` offered: the same protocol
        /// version, and one offered encoding each way.
        package init(decoding value: JSONValue, offer: Offer) throws(JSONFieldError) {
            let path = "\(ProtocolHello.member)."
            guard case .object = value else { throw JSONValue.typeError(ProtocolHello.member, "an object", value) }
            version = try value.integer("protocol", path: path)
            guard version == offer.version else {
                throw JSONFieldError(
                    reason: "field \"\(path)protocol\": the engine speaks protocol \(version); Reel offered protocol "
                        + "\(offer.version) (docs/PROTOCOL.md, \"Hello\")")
            }
            func encoding(_ key: String, among offered: [ProtocolEncoding]) throws(JSONFieldError) -> ProtocolEncoding {
                let name = try value.string(key, path: path)
                guard let encoding = ProtocolEncoding(rawValue: name), offered.contains(encoding) else {
                    let list = offered.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    throw JSONFieldError(reason: "field \"\(path)\(key)\": \(JSONString.quoted(name)) is not one of the offered \(list)")
                }
                return encoding
            }
            answers = try encoding("answers", among: offer.answers)
            requests = try encoding("requests", among: offer.requests)
        }

        /// `"hello":{"protocol":2,"answers":"binary","requests":"binary"}` (no leading comma).
        func write(into writer: inout JSONWriter) {
            writer.firstMember(HelloKeys.hello)
            writer.openObject(HelloKeys.protocolVersion)
            writer.int(version)
            writer.member(HelloKeys.answers)
            writer.string(answers.rawValue)
            writer.member(HelloKeys.requests)
            writer.string(requests.rawValue)
            writer.closeObject()
        }
    }
}

/// The hello's member keys, encoded once.
private enum HelloKeys {
    static let hello = JSONKey(ProtocolHello.member), protocolVersion = JSONKey("protocol")
    static let answers = JSONKey("answers"), requests = JSONKey("requests")
}
