import ReelJSON

/// The answer to a recorded submission, as JSON for the page:
/// `{"session":ID,"recorded":BOOL,"decision":"finished"|"cancelled","end":T,"frames":N,"touches":N,"player":HTML}`.
enum CaptureReply {
    static func json(_ result: CaptureResult) -> String {
        var writer = JSONWriter(reservingCapacity: result.playerHTML.utf8.count + 256)
        writer.raw("{\"session\":")
        writer.int(Int(result.sessionID))
        writer.raw(",\"recorded\":")
        writer.bool(result.recorded)
        writer.raw(",\"decision\":")
        writer.string(result.finished ? "finished" : "cancelled")
        writer.raw(",\"end\":")
        writer.number(result.end)
        writer.raw(",\"frames\":")
        writer.int(result.frames)
        writer.raw(",\"touches\":")
        writer.int(result.touches)
        writer.raw(",\"player\":")
        writer.string(result.playerHTML)
        writer.raw("}")
        return writer.text
    }
}
