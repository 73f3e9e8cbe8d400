import Foundation
import ReelEngine
import ReelGestures
import ReelStore
import ReelTrace
import Testing

@testable import ReelReport

/// The data the session players embed, read back from the page's JSON and compared with the
/// archive's rows (queried here), and the decision maps' boundaries and tooltips.
@Suite struct PlayerDataTests {
    /// Every plotted session's embedded frames hold exactly its visible frame_views rows, back to
    /// front, rounded far below a pixel; its touches and first divergent frame are the archive's.
    @Test func embeddedFramesAreTheArchiveRows() throws {
        let fixture = try ReportFixture(sessions: 12)
        let archive = try Archive.open(fixture.archivePath, mode: .readOnly)
        let model = try ReportReader(archive: archive, archiveName: "x", plottedSessionLimit: 3).read(replayID: nil)
        #expect(!model.sessionPlots.isEmpty)
        for plots in model.sessionPlots {
            let data = try #require(JSONSerialization.jsonObject(with: Data(PlayerJSON.encode(plots.player).utf8)) as? [String: Any])
            let id = plots.sessionID
            #expect(data["id"] as? Int == Int(id))
            let keys = try #require(data["keys"] as? [String])
            let recorded = try #require(data["recorded"] as? [String: Any])
            let frames = try #require(recorded["frames"] as? [[Any]])
            #expect(frames.count == Int(try fixture.integers("SELECT count(*) FROM frames WHERE session_id = \(id)")[0]))
            for frame in frames {
                let index = try #require(frame[0] as? Int)
                let views = try #require(frame[3] as? [[Double]])
                let rows = try Self.rows(archive, session: id, frame: index)
                #expect(views.count == rows.count, "session \(id) frame \(index)")
                for (view, row) in zip(views, rows) {
                    #expect(keys[Int(view[0])] == row.key)
                    for (got, want) in zip(view[1...4], [row.x, row.y, row.w, row.h]) { #expect(abs(got - want) <= 0.005) }
                    #expect(abs(view[5] - row.alpha) <= 0.00005)
                    // 6 numbers, then the transform's 6 unless it is the identity, then the layer's 9
                    // unless they are all 0 (PlayerJSON).
                    #expect([6, 12, 15, 21].contains(view.count))
                    let transform = view.count == 12 || view.count == 21 ? Array(view[6...11]) : [1, 0, 0, 1, 0, 0]
                    for (got, want) in zip(transform, row.transform) { #expect(abs(got - want) <= 0.005) }
                    let layer = view.count >= 15 ? Array(view.suffix(9).prefix(4)) : [0, 0, 0, 0]
                    for (got, want) in zip(layer, row.layer) { #expect(abs(got - want) <= 0.005) }
                }
            }
            let touches = try #require(data["touches"] as? [[Double]])
            #expect(touches.count == Int(try fixture.integers("SELECT count(*) FROM touches WHERE session_id = \(id)")[0]))
            let first = try fixture.integers(
                "SELECT coalesce(first_divergent_frame, -1) FROM replay_results WHERE replay_id = \(fixture.replayID) AND session_id = \(id)"
            )[0]
            #expect((data["first"] as? Int).map(Int64.init) ?? -1 == first)
            // This build's engine rebuilt the candidate: the replayed side is there, and says how it ended.
            let replayed = try #require(data["replayed"] as? [String: Any])
            #expect((replayed["frames"] as? [Any])?.isEmpty == false)
        }
    }

    /// The visible views of one frame, as the archive stores them: back to front (z, then view id).
    static func rows(_ archive: Archive, session: Int64, frame: Int) throws
        -> [(key: String, x: Double, y: Double, w: Double, h: Double, alpha: Double, transform: [Double], layer: [Double])]
    {
        let statement = try archive.database.prepare(
            """
            SELECT k.key, fv.x, fv.y, fv.w, fv.h, fv.alpha, fv.a, fv.b, fv.c, fv.d, fv.tx, fv.ty,
                fv.corner_radius, fv.border_width, fv.shadow_opacity, fv.shadow_radius
            FROM frame_views AS fv JOIN view_keys AS k ON k.id = fv.view_id
            WHERE fv.session_id = ?1 AND fv.frame_index = ?2 AND fv.hidden = 0 ORDER BY fv.z, fv.view_id
            """)
        try statement.bind(session, at: 1)
        try statement.bind(Int64(frame), at: 2)
        var rows: [(key: String, x: Double, y: Double, w: Double, h: Double, alpha: Double, transform: [Double], layer: [Double])] = []
        while try statement.step() {
            rows.append(
                (
                    statement.string(at: 0), statement.double(at: 1), statement.double(at: 2), statement.double(at: 3),
                    statement.double(at: 4), statement.double(at: 5), (6...11).map { statement.double(at: $0) },
                    (12...15).map { statement.double(at: $0) }
                ))
        }
        return rows
    }

    /// One session's page: its player, its plots, the script; the reader refuses a session the
    /// replay does not hold.
    @Test func aSessionPage() throws {
        let fixture = try ReportFixture(sessions: 6)
        let archive = try Archive.open(fixture.archivePath, mode: .readOnly)
        let session = try fixture.integers("SELECT session_id FROM replay_results WHERE status = 'matched' LIMIT 1")[0]
        let page = try ReportReader(archive: archive, archiveName: "a.sqlite").readSession(session, replayID: nil)
        #expect(page.status == "matched" && page.replayID == fixture.replayID)
        let html = SessionPage.html(page)
        try ReportPageTests.checkWellFormed(html)
        #expect(html.contains("id=\"session-\(session)\"") && html.matches(of: /<script>/).count == 1)
        #expect(throws: ReelFailure.self) { try ReportReader(archive: archive, archiveName: "a").readSession(99_999, replayID: nil) }
    }

    /// Without a replayed trace the player draws the recorded screen only and says why.
    @Test func aPlayerWithoutTheReplayedSideSaysWhy() throws {
        let fixture = try ReportFixture(sessions: 2)
        let archive = try Archive.open(fixture.archivePath, mode: .readOnly)
        let session = try archive.loadSession(try fixture.integers("SELECT id FROM sessions LIMIT 1")[0])
        let player = PlayerSession(
            session, replayed: nil, replayedNote: "The candidate exec:x cannot be re-run here.", firstDivergentFrame: 3,
            storedLifecycleProperty: nil)
        let html = PlayerHTML.article(player, heading: "<h3>s</h3>\n", plots: .empty).html
        #expect(html.contains("data-side=\"recorded\"") && !html.contains("<svg class=\"screen\" data-side=\"replayed\""))
        #expect(html.contains("The candidate exec:x cannot be re-run here."))
        #expect(PlayerJSON.encode(player).contains("\"replayed\":null"))
    }

    /// Divergent events: the n-th of a track against the other side's n-th.
    @Test func divergentEventsByTrack() {
        func event(_ kind: String, _ subject: String, _ detail: String) -> TraceEvent {
            TraceEvent(t: 0, kind: kind, subject: subject, detail: detail)
        }
        let recorded = [event("gesture", "pan", "began"), event("lifecycle", "A", "viewWillAppear"), event("transition", "ctx", "finish")]
        let replayed = [
            event("gesture", "pan", "began"), event("lifecycle", "A", "viewWillAppear"), event("transition", "ctx", "cancel"),
            event("gesture", "pan", "ended"),
        ]
        let marks = PlayerEvents.divergent(recorded: recorded, replayed: replayed)
        #expect(marks.recorded == [2] && marks.replayed == [2, 3])
        #expect(PlayerEvents.divergent(recorded: recorded, storedLifecycleProperty: "event[1]") == [2])
        #expect(PlayerEvents.divergent(recorded: recorded, storedLifecycleProperty: "event[9]").isEmpty)
    }

    /// Just right of each exact boundary the engine's policy finishes, just left it cancels.
    @Test func boundariesSeparateTheDecisions() throws {
        let spec = try #require(ScenarioCatalog.named("modal.swipe-dismiss"))
        for (policy, threshold) in [("threshold", 0.45), ("projection", 0.5), ("velocity-sign", 0.5)] {
            let profile = try EngineProfile.builtin.overriding([("swipe.policy", .string(policy)), ("swipe.threshold", .number(threshold))])
            let rule = try #require(ReleaseRule(spec: spec, profile: profile, device: .phone))
            let boundary = try #require(DecisionBoundary(rule, velocities: -2000...2000, velocityIsEngines: true))
            #expect(!boundary.approximate && !boundary.segments.isEmpty)
            for segment in boundary.segments {
                let (p, v) = ((segment.x0 + segment.x1) / 2, (segment.y0 + segment.y1) / 2)
                let horizontal = segment.y0 == segment.y1
                let finish = DecisionInput(progress: horizontal ? p : p + 0.01, velocity: horizontal ? v + 1 : v, extent: rule.extent)
                let cancel = DecisionInput(progress: horizontal ? p : p - 0.01, velocity: horizontal ? v - 1 : v, extent: rule.extent)
                #expect(rule.policy.decide(finish) && !rule.policy.decide(cancel), "\(policy)")
            }
        }
    }

    /// A map's point names its session and both decisions, and links to the player when there is one.
    @Test func mapPointsCarryTheirSession() {
        var plot = DecisionMapPlot(
            title: "t", recordedLabel: "r", candidateLabel: "c",
            points: [
                DecisionPoint(sessionID: 462, progress: 0.48, velocity: 550, recordedFinished: false, candidateFinished: true),
                DecisionPoint(sessionID: 7, progress: 0.9, velocity: 10, recordedFinished: true, candidateFinished: true),
            ])
        plot.linkedSessions = [462]
        let svg = plot.svg.html
        #expect(
            svg.contains(
                "<a href=\"#session-462\" class=\"point\" data-session=\"462\"><title>session 462: release progress 0.480, velocity 550 pt/s; recorded cancelled, replayed finished (flipped)</title>"
            ))
        #expect(svg.contains("<g class=\"point\" data-session=\"7\"><title>session 7:"))
        #expect(svg.matches(of: /href=/).count == 2)
    }
}
