import ReelJSON
import ReelTrace

/// An engine's answer for one session: its identity and the trace it produced.
package struct EngineResponse: Sendable, Hashable {
    package var engineName: String
    package var engineVersion: String
    /// Frames (indexed by position), events and outcome. Decoded, `outcome.hierarchy` is the
    /// engine's `hierarchy` value as compact JSON text (members in the engine's order, numbers as
    /// `JSONWriter` writes them), or "" when the engine sent none; engines should sort keys.
    package var trace: Trace
    /// The completion decision the engine sent as `outcome.decision` (optional in the protocol).
    package var decision: StoredDecision?
    /// The frames as `FrameColumns` when the reader was asked for them so (`ReplyMemo.packsFrames`)
    /// and the frames were well formed: `trace.frames` is then empty. Nil otherwise.
    package var packedFrames: FrameColumns?
    /// With `packedFrames`: the events whose details were left as their heads (`DetailHeads`).
    package var detailHeads: DetailHeads?
    /// With `packedFrames`: the events as `PackedEvents` when the answer had at most
    /// `EngineReplyLimits.maxDistinctEventNames` of them: `trace.events` is then empty (details
    /// with arguments are their heads, as `detailHeads` says). Nil otherwise.
    package var packedEvents: PackedEvents?

    package init(engineName: String, engineVersion: String, trace: Trace, decision: StoredDecision? = nil) {
        self.engineName = engineName
        self.engineVersion = engineVersion
        self.trace = trace
        self.decision = decision
    }
}

/// One response line of the engine protocol: a trace, or an engine's `{"error": "..."}`.
package enum EngineReply: Sendable, Hashable {
    case response(EngineResponse)
    /// The engine could not run the session (unknown scenario, bad touches, ...).
    case error(String)

    /// The reply as one protocol line, ending in `\n` (what `reel engine serve` writes), with
    /// `"id"` first when the request had one (`id`).
    ///
    /// Views carry their optional members (`ViewProperty.isOptional`) only when not +0. The outcome's
    /// `hierarchy` is written as its JSON text when it parses (re-written compactly when it spans
    /// lines), as a JSON string when it does not, and left out when empty.
    package func encodedLine(id: Int? = nil) -> [UInt8] {
        var check = HierarchyCheck()
        return encodedLine(id: id, encoding: .plain, hierarchyCheck: &check)
    }

    /// The reply as one protocol line with its frames and events in `encoding`, after the
    /// server's `hello` when it answers the request that carried Reel's (`ProtocolHello`);
    /// `hierarchyCheck` remembers the last hierarchy text found to be one line of JSON, so a
    /// server that answers many sessions with the same final hierarchy parses it once, not once
    /// per answer.
    package func encodedLine(
        id: Int?, encoding: ProtocolEncoding, hello: ProtocolHello.Agreement? = nil, hierarchyCheck: inout HierarchyCheck
    ) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.punctuation(UInt8(ascii: "{"))
        if let id {
            writer.firstMember(ReplyKeys.id)
            writer.int(id)
            writer.punctuation(UInt8(ascii: ","))
        }
        if let hello {
            hello.write(into: &writer)
            writer.punctuation(UInt8(ascii: ","))
        }
        switch self {
        case .error(let message):
            writer.firstMember(ReplyKeys.error)
            writer.string(message)
            writer.closeObject()
            writer.punctuation(UInt8(ascii: "\n"))
        case .response(let response):
            Self.encode(response, encoding: encoding, hierarchyCheck: &hierarchyCheck, into: &writer)
        }
        return writer.bytes
    }

    private static func encode(
        _ response: EngineResponse, encoding: ProtocolEncoding, hierarchyCheck: inout HierarchyCheck, into writer: inout JSONWriter
    ) {
        writer.firstMember(ReplyKeys.engine)
        writer.openObject(ReplyKeys.name)
        writer.string(response.engineName)
        writer.member(ReplyKeys.version)
        writer.string(response.engineVersion)
        writer.closeObject()
        writer.punctuation(UInt8(ascii: ","))
        switch encoding {
        case .binary: BinaryTraceWriter.write(response.trace, into: &writer)
        case .plain: writePlain(response.trace, into: &writer)
        }
        let outcome = response.trace.outcome
        writer.member(ReplyKeys.outcome)
        writer.openObject(ReplyKeys.completed)
        writer.bool(outcome.completed)
        writer.member(ReplyKeys.t)
        writer.number(outcome.t)
        if !outcome.hierarchy.isEmpty {
            writer.member(ReplyKeys.hierarchy)
            hierarchyCheck.write(outcome.hierarchy, into: &writer)
        }
        writer.closeObject()
        writer.closeObject()
        writer.punctuation(UInt8(ascii: "\n"))
    }

    private static func writePlain(_ trace: Trace, into writer: inout JSONWriter) {
        writer.firstMember(ReplyKeys.frames)
        writer.array(trace.frames) { writer, frame in
            writer.openObject(ReplyKeys.t)
            writer.number(frame.t)
            writer.member(ReplyKeys.progress)
            writer.number(frame.progress)
            writer.member(ReplyKeys.views)
            writer.array(frame.views) { encode($1, into: &$0) }
            writer.closeObject()
        }
        writer.member(ReplyKeys.events)
        writer.array(trace.events) { writer, event in
            writer.openObject(ReplyKeys.t)
            writer.number(event.t)
            writer.member(ReplyKeys.kind)
            writer.string(event.kind)
            writer.member(ReplyKeys.subject)
            writer.string(event.subject)
            writer.member(ReplyKeys.detail)
            writer.string(event.detail)
            writer.closeObject()
        }
    }

    private static func encode(_ view: ViewState, into writer: inout JSONWriter) {
        writer.openObject(ReplyKeys.key)
        writer.string(view.key)
        writer.member(ReplyKeys.x)
        writer.number(view.x)
        writer.member(ReplyKeys.y)
        writer.number(view.y)
        writer.member(ReplyKeys.w)
        writer.number(view.w)
        writer.member(ReplyKeys.h)
        writer.number(view.h)
        writer.member(ReplyKeys.alpha)
        writer.number(view.alpha)
        // The six numbers and the optional 3-D members are written one by one, without the
        // arrays a loop over them would make for every view.
        let transform = view.transform
        writer.member(ReplyKeys.transform)
        writer.punctuation(UInt8(ascii: "["))
        writer.number(transform.a)
        writer.punctuation(UInt8(ascii: ","))
        writer.number(transform.b)
        writer.punctuation(UInt8(ascii: ","))
        writer.number(transform.c)
        writer.punctuation(UInt8(ascii: ","))
        writer.number(transform.d)
        writer.punctuation(UInt8(ascii: ","))
        writer.number(transform.tx)
        writer.punctuation(UInt8(ascii: ","))
        writer.number(transform.ty)
        writer.punctuation(UInt8(ascii: "]"))
        writer.member(ReplyKeys.z)
        writer.int(view.z)
        writer.member(ReplyKeys.hidden)
        writer.bool(view.hidden)
        writeSet(ReplyKeys.fixedOptionalMembers, of: view, into: &writer)
        // Most views set no extension: one test passes over them all.
        if view.setsAnExtension { writeSet(ReplyKeys.extensionMembers, of: view, into: &writer) }
        writer.closeObject()
    }

    /// Each of `members` whose value in `view` is not +0, as a member (ViewProperty order).
    private static func writeSet(_ members: [(ViewProperty, JSONKey)], of view: ViewState, into writer: inout JSONWriter) {
        for (property, key) in members {
            let value = property.value(of: view)
            guard value.bitPattern != 0 else { continue }
            writer.member(key)
            writer.number(value)
        }
    }
}

/// The member keys of answers (docs/PROTOCOL.md), encoded once.
enum ReplyKeys {
    static let id = JSONKey("id"), error = JSONKey("error"), engine = JSONKey("engine"), name = JSONKey("name")
    static let version = JSONKey("version"), outcome = JSONKey("outcome"), completed = JSONKey("completed")
    static let t = JSONKey("t"), hierarchy = JSONKey("hierarchy"), frames = JSONKey("frames"), progress = JSONKey("progress")
    static let views = JSONKey("views"), events = JSONKey("events"), kind = JSONKey("kind"), subject = JSONKey("subject")
    static let detail = JSONKey("detail"), key = JSONKey("key"), x = JSONKey("x"), y = JSONKey("y"), w = JSONKey("w")
    static let h = JSONKey("h"), alpha = JSONKey("alpha"), transform = JSONKey("transform"), z = JSONKey("z")
    static let hidden = JSONKey("hidden")
    /// The optional view members (`ViewProperty.optionalMembers`), each with its key: those of the
    /// first sixteen (rotation_x, rotation_y, m34), then the extensions.
    static let fixedOptionalMembers = ViewProperty.optionalMembers.filter { !$0.isExtension }.map { ($0, JSONKey($0.rawValue)) }
    static let extensionMembers = ViewProperty.extensions.map { ($0, JSONKey($0.rawValue)) }
    static let binaryTrace = JSONKey(BinaryTrace.member)
}

/// How an answer writes the outcome's `hierarchy` text: as is when it is one line of JSON,
/// re-written compactly when it parses but spans lines, as a JSON string when it does not parse.
/// The texts found to be one line of JSON are remembered (a `BoundedMemo`), so the same
/// hierarchies, answer after answer, are looked up, not parsed again: a replay's sessions take
/// turns among a few final hierarchies (finished or cancelled sessions, several scenarios). The
/// budget bounds what a request's spec can make a server hold (a large hierarchy).
package struct HierarchyCheck {
    private var lastOneLine: String?
    private(set) var oneLine = BoundedMemo<String, Void>(byteBudget: 1 << 22, entryCap: 64)

    package init() {}

    mutating func write(_ hierarchy: String, into writer: inout JSONWriter) {
        if hierarchy == lastOneLine || oneLine[hierarchy] != nil {
            lastOneLine = hierarchy
            writer.verbatim(hierarchy)
            return
        }
        guard let parsed = try? JSONParser.parse(hierarchy) else {
            writer.string(hierarchy)
            return
        }
        if hierarchy.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            writer.value(parsed)
        } else {
            lastOneLine = hierarchy
            oneLine.remember((), for: hierarchy, bytes: hierarchy.utf8.count)
            writer.verbatim(hierarchy)
        }
    }
}
