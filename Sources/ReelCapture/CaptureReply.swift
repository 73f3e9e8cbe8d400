import ReelJSON

/// The answer to a recorded submission, as JSON for the page:
/// `{"session":ID,"recorded":BOOL,"decision":"finished"|"cancelled","end":T,"frames":N,"touches":N,"player":HTML}`.
enum CaptureReply {
    static func json(_ result: CaptureResult) -> String {
        var writer = JSONWriter(reservingCapacity: result.playerHTML.utf8.count + 256)
        writer.object { members in
            members.member("session", result.sessionID)
            members.member("recorded", result.recorded)
            members.member("decision", result.finished ? "finished" : "cancelled")
            members.member("end", result.end)
            members.member("frames", result.frames)
            members.member("touches", result.touches)
            members.member("player", result.playerHTML)
        }
        return writer.text
    }
}
