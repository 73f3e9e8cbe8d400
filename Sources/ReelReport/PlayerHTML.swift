/// The HTML of one session player: an `<article id="session-ID">` with the two device screens,
/// the controls and the event strips (filled in by `PlayerScript`), the session's static plots,
/// a table of its events (what a reader without script gets), and its data (`PlayerJSON`).
package enum PlayerHTML {
    /// Pixels per point of the drawn screens: the device fits in 520 × 520 px (a phone 390 × 844 pt
    /// is drawn 240 × 520 px, so the two sides and the overlay fit the page's width).
    static func scale(_ session: PlayerSession) -> Double {
        min(520 / session.device.height, 520 / session.device.width)
    }

    /// - Parameter attributes: more attributes of the `<article>` (the review filters' `data-` facets).
    package static func article(_ session: PlayerSession, heading: HTMLMarkup, plots: HTMLMarkup, attributes: HTMLMarkup = .empty)
        -> HTMLMarkup
    {
        let id = session.sessionID
        let s = scale(session)
        let width = NumberText.coordinate(session.device.width * s)
        let height = NumberText.coordinate(session.device.height * s)
        let viewBox = "0 0 \(NumberText.coordinate(session.device.width)) \(NumberText.coordinate(session.device.height))"
        var out: HTMLMarkup = "<article class=\"session player\" id=\"session-\(id)\" data-session=\"\(id)\""
        out += "\(attributes) tabindex=\"-1\">\n\(heading)"
        out +=
            "<p class=\"needs-script note\">The player needs JavaScript; the plots and the event table below show the same session.</p>\n"
        out += "<div class=\"ui\" hidden=\"hidden\">\n<div class=\"screens\">\n"
        for (side, trace) in [("recorded" as HTMLMarkup, session.recorded as PlayerTrace?), ("replayed", session.replayed)] {
            out += "<figure><figcaption><b>\(side)</b>"
            if let trace {
                let decision: HTMLMarkup = trace.finished ? "finished" : "cancelled"
                out += " (\(decision)) · <span class=\"caption-\(side)\"></span>"
            }
            out += "</figcaption>\n"
            if trace != nil {
                out += "<svg class=\"screen\" data-side=\"\(side)\" width=\"\(width)\" height=\"\(height)\" viewBox=\"\(viewBox)\""
                out += " role=\"img\" aria-label=\"\(side) screen of session \(id)\"></svg>\n"
            } else {
                out += "<p class=\"note missing-side\" style=\"width:\(width)px\">\(session.replayedNote ?? "No replayed trace.")</p>\n"
            }
            out += "</figure>\n"
        }
        if session.replayed != nil {
            out += "<figure class=\"overlay-figure\" hidden=\"hidden\"><figcaption><b>overlay</b>: recorded filled, replayed outlined "
            out +=
                "(<span class=\"bad\">red</span>: a view whose place, size, transform or alpha differs, or that one side lacks)</figcaption>\n"
            out += "<svg class=\"screen overlay\" data-side=\"overlay\" width=\"\(width)\" height=\"\(height)\" viewBox=\"\(viewBox)\""
            out += " role=\"img\" aria-label=\"recorded and replayed screens of session \(id) on one screen\"></svg>\n</figure>\n"
        }
        out +=
            "</div>\n<p class=\"scale note\">Screen \(NumberText.short(session.device.width)) × \(NumberText.short(session.device.height)) pt "
        out +=
            "drawn at \(NumberText.short(s, digits: 3)) px per point; views as rectangles (frame, alpha, affine transform, back to front; "
        out += "hidden views left out), the finger's path and its current touch as a circle.</p>\n"
        out += "<div class=\"controls\"><button type=\"button\" class=\"play\">Play</button> "
        out +=
            "<select class=\"speed\" aria-label=\"speed\"><option value=\"1\">1x (real time)</option><option value=\"0.25\">0.25x</option></select> "
        if session.replayed != nil {
            out += "<label class=\"overlay-toggle\"><input type=\"checkbox\" class=\"overlay\"/> overlay</label> "
        }
        out +=
            "<output class=\"clock\"></output> <span class=\"note\">← → step a frame, space plays, click an event to seek to it</span></div>\n"
        out +=
            "<div class=\"tracks\">\n<span>time</span><div class=\"scrub\"><input type=\"range\" class=\"scrubber\" min=\"0\" max=\"0\" step=\"1\" value=\"0\""
        out +=
            " aria-label=\"frame of session \(id)\"/><span class=\"first-mark\" hidden=\"hidden\" title=\"first divergent frame\"></span></div>\n"
        for side: HTMLMarkup in ["recorded", "replayed"] where side == "recorded" || session.replayed != nil {
            for (track, label): (HTMLMarkup, HTMLMarkup) in [("lifecycle", "calls"), ("other", "gesture")] {
                out += "<span>\(side) \(label)</span><div class=\"lane\"><svg class=\"strip\" data-side=\"\(side)\" data-track=\"\(track)\""
                out += " viewBox=\"0 0 1000 18\" preserveAspectRatio=\"none\"></svg></div>\n"
            }
        }
        out += "</div>\n</div>\n<div class=\"plots\">\n\(plots)</div>\n"
        out += eventTable(session)
        // The players' JSON escapes every `<` (PlayerJSON), so no text in it closes the script.
        out += "<script type=\"application/json\" class=\"player-data\">\(HTMLMarkup.trusted(PlayerJSON.encode(session)))</script>\n"
        return out + "</article>\n"
    }

    /// Both sides' divergent events in time order (what the page without script lists; the
    /// player's strips show every event).
    private static func eventTable(_ session: PlayerSession) -> HTMLMarkup {
        var rows: [(t: Double, row: [String])] = []
        var count = 0
        for (side, trace) in [("recorded", session.recorded), ("replayed", session.replayed)] {
            count += trace?.events.count ?? 0
            for event in trace?.events ?? [] where event.divergent {
                rows.append((event.t, [NumberText.fixed(event.t, .seconds), side, event.kind, "\(event.subject).\(event.detail)"]))
            }
        }
        guard !rows.isEmpty else { return "<p class=\"note\">None of the \(count) events differs between the sides.</p>\n" }
        return "<details class=\"events\"><summary>\(rows.count) of \(count) events differ between the sides</summary>\n"
            + HTML.table(header: ["t (s)", "side", "kind", "call"], rows: rows.sorted { $0.t < $1.t }.map(\.row), numericColumns: [0])
            + "</details>\n"
    }

}
