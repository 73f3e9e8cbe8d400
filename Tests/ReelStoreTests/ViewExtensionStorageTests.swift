import Foundation
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelStore

/// Migration 0015: the extension view properties (a layer's corners, border and shadow, a scroll
/// view's offset) are stored only where a view sets them: a run's first value in
/// `trace_view_extensions` when it is not +0, the changes in `view_change_packs` like any
/// property's; read back bit for bit by the reader and by `frame_views`.
@Suite struct ViewExtensionStorageTests {
    /// Twenty frames of a card whose corner radius eases from 12 to 0 over frames 0-9 and stays 0,
    /// whose shadow fades in from frame 5, and of a list scrolled by 40 points; the card leaves
    /// the frame in frames 12-13 (a second run, starting at radius 0: no row) and comes back.
    static func layeredSession() -> RecordedSession {
        var session = sampleSession(contentHash: "layered")
        let frames = (0..<20).map { index -> Frame in
            let radius = index < 10 ? 12 * (1 - Double(index) / 10) : 0
            let opacity = index < 5 ? 0 : min(0.3, 0.05 * Double(index - 4))
            let card = ViewState(
                key: "card", x: 0, y: 400 + Double(index), w: 390, h: 444, z: 1, cornerRadius: radius, shadowOpacity: opacity,
                shadowRadius: opacity == 0 ? 0 : 8)
            let list = ViewState(key: "list", x: 0, y: 0, w: 390, h: 844, z: 0, contentOffsetY: index < 3 ? 40 : 40 - Double(index))
            let views = (12...13).contains(index) ? [list] : [list, card]
            return Frame(index: index, t: Double(index) / 60, progress: Double(index) / 19, views: views)
        }
        session.trace = Trace(frames: frames, events: session.trace.events, outcome: session.trace.outcome)
        return session
    }

    @Test func theLayoutHoldsEveryViewProperty() {
        #expect(ViewValues.count == ViewProperty.allCases.count)
        #expect(ViewProperty.allCases.filter(\.isExtension).map(\.offset) == Array(ViewProperty.fixedCount..<ViewValues.count))
    }

    @Test func extensionsComeBackBitForBitThroughTheReaderAndTheView() throws {
        let archive = try Archive.open(temporaryPath("layered.sqlite"), mode: .readWrite)
        let session = Self.layeredSession()
        let id = try archive.insert(session, engineID: try archive.engineID(for: sampleEngine))
        #expect(try archive.loadSession(id).trace == session.trace)
        #expect(allDoubles(try archive.loadSession(id)) == allDoubles(session))
        // First values that are not +0: the card's first run starts at radius 12 (shadow 0, no row);
        // its second run (frames 14-19) starts at radius 0 and opacity 0.3, radius 8; the list at
        // offset 40.
        let rows = try archive.database.prepare(
            """
            SELECT k.key, e.first_frame, p.name, e.value FROM trace_view_extensions AS e
            JOIN view_keys AS k ON k.id = e.view_id JOIN view_properties AS p ON p.id = e.property
            ORDER BY k.key, e.first_frame, e.property
            """)
        var found: [String] = []
        while try rows.step() { found.append("\(rows.string(at: 0)) \(rows.int(at: 1)) \(rows.string(at: 2)) \(rows.double(at: 3))") }
        #expect(
            found == [
                "card 0 corner_radius 12.0", "card 14 shadow_opacity 0.3", "card 14 shadow_radius 8.0", "list 0 content_offset_y 40.0",
            ])
        // Every frame's values in frame_views, as the trace has them.
        let view = try archive.database.prepare(
            """
            SELECT fv.frame_index, k.key, fv.corner_radius, fv.shadow_opacity, fv.shadow_radius, fv.content_offset_y,
                fv.border_width, fv.content_offset_x
            FROM frame_views AS fv JOIN view_keys AS k ON k.id = fv.view_id WHERE fv.session_id = ?1 ORDER BY fv.frame_index, k.key
            """)
        try view.bind(id, at: 1)
        var checked = 0
        while try view.step() {
            let frame = session.trace.frames[view.int(at: 0)]
            guard let stored = frame.views.first(where: { $0.key == view.string(at: 1) }) else {
                Issue.record("frame_views has \(view.string(at: 1)) in frame \(view.int(at: 0))")
                continue
            }
            #expect(view.double(at: 2) == stored.cornerRadius && view.double(at: 3) == stored.shadowOpacity)
            #expect(view.double(at: 4) == stored.shadowRadius && view.double(at: 5) == stored.contentOffsetY)
            #expect(view.double(at: 6) == 0 && view.double(at: 7) == 0)
            checked += 1
        }
        #expect(checked == session.trace.frames.map(\.views.count).reduce(0, +))
        #expect(try archive.integrityProblems().isEmpty)
    }

    /// A trace whose views set no extension stores no row for them: the v14 rows, nothing more.
    @Test func aTraceWithoutExtensionsStoresNothingForThem() throws {
        let archive = try Archive.open(temporaryPath("plain.sqlite"), mode: .readWrite)
        let id = try archive.insert(ViewChangePackTests.longSession(), engineID: try archive.engineID(for: sampleEngine))
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM trace_view_extensions") == 0)
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM view_change_packs WHERE property >= 16") == 0)
        let corners = try archive.database.scalarInt64(
            "SELECT count(*) FROM frame_views WHERE session_id = \(id) AND corner_radius = 0 AND content_offset_y = 0")
        #expect(corners == 40)
    }

    /// A damaged archive's extension row (a property that is no extension, a run that is not
    /// there) is bad data naming the table, not a trap.
    @Test func aDamagedExtensionRowIsRefusedByTheReader() throws {
        for damage in [
            "UPDATE trace_view_extensions SET first_frame = 3 WHERE property = 16",
            "UPDATE trace_view_extensions SET property = 99 WHERE property = 16",
        ] {
            let archive = try Archive.open(temporaryPath("damaged-extension.sqlite"), mode: .readWrite)
            let id = try archive.insert(Self.layeredSession(), engineID: try archive.engineID(for: sampleEngine))
            try archive.database.execute(damage)
            #expect(throws: ArchiveError.self, "\(damage)") { try archive.loadSession(id) }
            do {
                _ = try archive.loadSession(id)
            } catch let error as ArchiveError {
                #expect("\(error)".contains("trace_view_extensions"), "\(error)")
            }
        }
    }
}
