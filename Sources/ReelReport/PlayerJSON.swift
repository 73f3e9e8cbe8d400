import Foundation
import ReelTrace

/// A session player's data as one compact JSON text, embedded in the page as
/// `<script type="application/json">` and read by `PlayerScript`.
///
/// Shape (arrays, not objects, where there are many of a thing):
/// `{"id","scenario","screen":[w,h],"hz","first","touches":[[t,finger,x,y,active]...],"keys":[view key...],`
/// `"recorded":SIDE,"replayed":SIDE|null,"note"}`, with
/// `SIDE = {"finished","end","frames":[[index,t,progress,[VIEW...]]...],"events":[[t,kind,subject,detail,divergent]...]}`
/// and `VIEW = [key,x,y,w,h,alpha]` or `[key,x,y,w,h,alpha,a,b,c,d,tx,ty]` (key: an index into
/// `keys`; views back to front,
/// hidden ones left out). Points and seconds are rounded to 0.01 pt and 0.1 ms, alpha and the
/// transform's linear part to 1e-4: far below a pixel of the drawing. Every `<` in a string is
/// written `\u003c`, so no text from the archive can close the script element.
enum PlayerJSON {
    static func encode(_ session: PlayerSession) -> String {
        var out = "{\"id\":\(session.sessionID),\"scenario\":\(string(session.scenario))"
        out += ",\"screen\":[\(n(session.device.width, 2)),\(n(session.device.height, 2))],\"hz\":\(n(session.refreshHz, 3))"
        out += ",\"first\":\(session.firstDivergentFrame.map(String.init) ?? "null")"
        out +=
            ",\"touches\":["
            + session.touches.map { touch in
                "[\(n(touch.t, 4)),\(touch.id),\(n(touch.x, 2)),\(n(touch.y, 2)),\(touch.phase.isActive ? 1 : 0)]"
            }.joined(separator: ",") + "]"
        var keys: [String] = []
        for trace in [session.recorded] + (session.replayed.map { [$0] } ?? []) {
            for frame in trace.frames { for view in frame.views where !keys.contains(view.key) { keys.append(view.key) } }
        }
        let index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        out += ",\"keys\":[" + keys.map(string).joined(separator: ",") + "]"
        out += ",\"recorded\":" + side(session.recorded, index)
        out += ",\"replayed\":" + (session.replayed.map { side($0, index) } ?? "null")
        out += ",\"note\":" + (session.replayedNote.map(string) ?? "null")
        return out + "}"
    }

    private static func side(_ trace: PlayerTrace, _ keys: [String: Int]) -> String {
        var out = "{\"finished\":\(trace.finished),\"end\":\(n(trace.end, 4)),\"frames\":["
        out += trace.frames.map { frame in
            "[\(frame.index),\(n(frame.t, 4)),\(n(frame.progress, 4)),[" + frame.views.map { view($0, keys) }.joined(separator: ",") + "]]"
        }.joined(separator: ",")
        out += "],\"events\":["
        out += trace.events.map { event in
            "[\(n(event.t, 4)),\(string(event.kind)),\(string(event.subject)),\(string(event.detail)),\(event.divergent ? 1 : 0)]"
        }.joined(separator: ",")
        return out + "]}"
    }

    private static func view(_ view: PlayerTrace.View, _ keys: [String: Int]) -> String {
        var fields = [String(keys[view.key] ?? 0), n(view.x, 2), n(view.y, 2), n(view.w, 2), n(view.h, 2), n(view.alpha, 4)]
        if let m = view.transform {
            fields += [n(m.a, 4), n(m.b, 4), n(m.c, 4), n(m.d, 4), n(m.tx, 2), n(m.ty, 2)]
        }
        return "[" + fields.joined(separator: ",") + "]"
    }

    /// `value` rounded to `decimals` places, as a JSON number without trailing zeros (0 for non-finite values).
    static func n(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded()
        if rounded == 0 { return "0" }
        if rounded.magnitude < 9e15, rounded.truncatingRemainder(dividingBy: scale) == 0 { return String(Int64(rounded / scale)) }
        return NumberText.short(rounded / scale, digits: 15)
    }

    private static func string(_ text: String) -> String {
        JSONString.quoted(text).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
