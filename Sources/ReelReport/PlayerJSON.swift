import Foundation
import ReelJSON
import ReelTrace

/// A session player's data as one compact JSON text, embedded in the page as
/// `<script type="application/json">` and read by `PlayerScript`.
///
/// Shape (arrays, not objects, where there are many of a thing):
/// `{"id","scenario","screen":[w,h],"hz","first","touches":[[t,finger,x,y,active]...],"keys":[view key...],`
/// `"recorded":SIDE,"replayed":SIDE|null,"note"}`, with
/// `SIDE = {"finished","end","frames":[[index,t,progress,[VIEW...]]...],"events":[[t,kind,subject,detail,divergent]...]}`
/// and `VIEW = [key,x,y,w,h,alpha]`, followed by `a,b,c,d,tx,ty` (the affine transform) unless it
/// is the identity, then by `cornerRadius,borderWidth,shadowOpacity,shadowRadius,maskKind,maskX,
/// maskY,maskW,maskH` (the layer's; the mask's kind 0 none, 1 a shape, 2 a layer, and its bounds in
/// the view's coordinates) unless all nine round to 0: 6, 12, 15 or 21 numbers, which tell the
/// groups apart (key: an index
/// into `keys`; views back to front, hidden ones left out). Points and seconds are rounded to
/// 0.01 pt and 0.1 ms, alpha, the shadow opacity and the transform's linear part to 1e-4: far below
/// a pixel of the drawing. Every `<` in a string is written `\u003c`, so no text from the archive
/// can close the script element.
enum PlayerJSON {
    static func encode(_ session: PlayerSession) -> String {
        var keys: [String] = []
        for trace in [session.recorded] + (session.replayed.map { [$0] } ?? []) {
            for frame in trace.frames { for view in frame.views where !keys.contains(view.key) { keys.append(view.key) } }
        }
        let index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.object { members in
            members.member("id", session.sessionID)
            members.member("scenario", session.scenario)
            members.member("screen") { $0.array([n(session.device.width, 2), n(session.device.height, 2)]) { $0.number($1) } }
            members.member("hz", n(session.refreshHz, 3))
            members.member("first", session.firstDivergentFrame)
            members.member("touches") {
                $0.array(session.touches) { writer, touch in
                    let active: Double = touch.phase.isActive ? 1 : 0
                    writer.array([n(touch.t, 4), Double(touch.id), n(touch.x, 2), n(touch.y, 2), active]) { $0.number($1) }
                }
            }
            members.member("keys") { $0.array(keys) { $0.string($1) } }
            members.member("recorded") { side(session.recorded, index, to: &$0) }
            members.member("replayed") { writer in
                if let replayed = session.replayed { side(replayed, index, to: &writer) } else { writer.null() }
            }
            members.member("note", session.replayedNote)
        }
        // `<` can only stand in a string of JSON text: escaped there, no text of the archive closes
        // the script element.
        return writer.text.replacingOccurrences(of: "<", with: "\\u003c")
    }

    private static func side(_ trace: PlayerTrace, _ keys: [String: Int], to writer: inout JSONWriter) {
        writer.object { members in
            members.member("finished", trace.finished)
            members.member("end", n(trace.end, 4))
            members.member("frames") {
                $0.array(trace.frames) { writer, frame in
                    writer.value(
                        .array([
                            .number(Double(frame.index)), .number(n(frame.t, 4)), .number(n(frame.progress, 4)),
                            .array(frame.views.map { view($0, keys) }),
                        ]))
                }
            }
            members.member("events") {
                $0.array(trace.events) { writer, event in
                    writer.value(
                        .array([
                            .number(n(event.t, 4)), .string(event.kind), .string(event.subject), .string(event.detail),
                            .number(event.divergent ? 1 : 0),
                        ]))
                }
            }
        }
    }

    private static func view(_ view: PlayerTrace.View, _ keys: [String: Int]) -> JSONValue {
        var fields = [Double(keys[view.key] ?? 0), n(view.x, 2), n(view.y, 2), n(view.w, 2), n(view.h, 2), n(view.alpha, 4)]
        if let m = view.transform {
            fields += [n(m.a, 4), n(m.b, 4), n(m.c, 4), n(m.d, 4), n(m.tx, 2), n(m.ty, 2)]
        }
        let layer = [
            n(view.cornerRadius, 2), n(view.borderWidth, 2), n(view.shadowOpacity, 4), n(view.shadowRadius, 2), n(view.maskKind, 0),
            n(view.maskX, 2), n(view.maskY, 2), n(view.maskW, 2), n(view.maskH, 2),
        ]
        if layer.contains(where: { $0 != 0 }) { fields += layer }
        return .array(fields.map(JSONValue.number))
    }

    /// `value` rounded to `decimals` places (0 for non-finite values, and for negative zero), which
    /// `JSONWriter` writes without trailing zeros: `12.5`, `390`, `0.0417`.
    static func n(_ value: Double, _ decimals: Int) -> Double {
        guard value.isFinite else { return 0 }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded()
        return rounded == 0 ? 0 : rounded / scale
    }
}
