import Foundation
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// Migration 0006 and the packed touches: a session whose every time is k / 1000000 s and every
/// coordinate k / 1000 pt (fingers 0-9) is one `touch_packs` row, any other keeps its rows; a v5
/// archive converts keeping every touch value bit for bit, the `touches` view gives the v5 rows, and
/// the writer stores exactly what the migration makes.
@Suite struct TouchPackTests {
    /// Touches as `reel synth` quantizes them: each value one integer over the scale.
    static let quantized = [
        Touch(t: 1132 / 1e6, id: 0, phase: .began, x: 11274 / 1e3, y: 302_936 / 1e3),
        Touch(t: 18266 / 1e6, id: 0, phase: .moved, x: -10889 / 1e3, y: 0),
        Touch(t: 18266 / 1e6, id: 1, phase: .stationary, x: 0, y: 844_000 / 1e3),
        Touch(t: 34631 / 1e6, id: 1, phase: .cancelled, x: 12229 / 1e3, y: 303_038 / 1e3),
        Touch(t: 50190 / 1e6, id: 0, phase: .ended, x: 390, y: 1e9 / 1e3),
    ]

    /// The sessions of the tests: packable ones and ones that must keep rows.
    static func sessions() -> [RecordedSession] {
        func session(_ hash: String, _ touches: [Touch]) -> RecordedSession {
            var session = sampleSession(contentHash: hash)
            session.touches = touches
            return session
        }
        var offGrid = quantized
        offGrid[1].t = 0.1 + 0.2
        var tiny = quantized
        tiny[2].x = 1e-300
        var long = quantized
        long[3].y = 123_456.789_012_345_67
        var negativeZero = quantized
        negativeZero[0].x = -0.0
        var bigFinger = quantized
        bigFinger[4].id = 12
        return [
            session("quantized", quantized), session("off-grid", offGrid), session("tiny", tiny), session("long", long),
            session("negative-zero", negativeZero), session("big-finger", bigFinger), session("no-touches", []),
        ]
    }

    /// The rule of docs/SCHEMA.md: a session packs when every value is its integer over the scale.
    static func packs(_ touches: [Touch]) -> Bool {
        !touches.isEmpty
            && touches.allSatisfy { touch in
                (0...9).contains(touch.id) && (touch.t * 1e6).rounded() / 1e6 == touch.t
                    && (touch.x * 1e3).rounded() / 1e3 == touch.x && (touch.y * 1e3).rounded() / 1e3 == touch.y
            }
    }

    /// Bit patterns of the touches' doubles; -0.0 counts as 0.0, as SQLite's rows read it back.
    static func bits(_ touches: [Touch]) -> [UInt64] {
        touches.flatMap { [$0.t, $0.x, $0.y] }.map { $0 == 0 ? 0 : $0.bitPattern }
    }

    @Test func theSessionsCoverBothForms() {
        let packing = Self.sessions().map { Self.packs($0.touches) }
        #expect(packing == [true, false, false, false, true, false, false])
    }

    @Test func aVersion5ArchiveKeepsEveryTouchBitForBit() throws {
        let path = temporaryPath("v5.sqlite")
        let ids = try Self.makeVersion5Archive(path)
        let copy = temporaryPath("v5-copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)

        let migrated = try Archive.open(path, mode: .readWrite)
        #expect(
            migrated.migrationsApplied.map(\.name) == [
                "touch_packs", "view_change_packs", "replay_metadata", "decisions", "event_packs", "frame_packs",
                "traces_by_replay", "review_rejects", "engine_seconds", "layer_and_scroll_properties",
            ])
        try migrated.attach(copy, as: "v5")
        for table in ["touches", "events", "sessions", "frame_views"] {
            #expect(
                try migrated.database.scalarInt64("SELECT count(*) FROM v5.\(table)")
                    == migrated.database.scalarInt64("SELECT count(*) FROM main.\(table)"), "\(table)")
            #expect(try TraceMigrationTests.difference(table, migrated.database, attached: "v5") == 0, "\(table)")
        }
        #expect(
            try migrated.database.scalarInt64(
                """
                SELECT count(*) FROM touches WHERE typeof(t) <> 'real' OR typeof(x) <> 'real' OR typeof(y) <> 'real'
                    OR typeof(seq) <> 'integer' OR typeof(finger) <> 'integer' OR typeof(phase) <> 'text'
                """) == 0)
        try migrated.detach("v5")
        let sessions = Self.sessions()
        let packed = sessions.filter { Self.packs($0.touches) }
        #expect(try migrated.database.scalarInt64("SELECT count(*) FROM touch_packs") == Int64(packed.count))
        #expect(
            try migrated.database.scalarInt64("SELECT count(*) FROM touch_rows")
                == Int64(sessions.filter { !Self.packs($0.touches) }.map(\.touches.count).reduce(0, +)))
        for (id, session) in zip(ids, sessions) {
            let loaded = try migrated.loadSession(id)
            #expect(Self.bits(loaded.touches) == Self.bits(session.touches), "\(session.header.contentHash)")
            #expect(loaded.touches.map(\.phase) == session.touches.map(\.phase))
            #expect(loaded.touches.map(\.id) == session.touches.map(\.id))
            #expect(loaded.header.contentHash == session.header.contentHash)
            #expect(loaded.trace == session.trace)
        }
        #expect(try migrated.integrityProblems().isEmpty)
        #expect(try migrated.rowCounts().first { $0.table == "touches" }?.rows == Int64(sessions.map(\.touches.count).reduce(0, +)))

        // The writer stores the same sessions exactly as the migration converted them.
        let written = try Archive.open(temporaryPath("written.sqlite"), mode: .readWrite)
        let engine = try written.engineID(for: sampleEngine)
        try written.write {
            for session in sessions { try written.insert(session, engineID: engine) }
        }
        try written.attach(path, as: "converted")
        for table in ["touch_packs", "touch_rows", "touches", "events"] {
            #expect(try TraceMigrationTests.difference(table, written.database, attached: "converted") == 0, "\(table)")
        }
    }

    @Test func aPackHoldsEachValueAsItsIntegerOverTheScale() throws {
        let archive = try Archive.open(temporaryPath("pack.sqlite"), mode: .readWrite)
        let id = try archive.insert(Self.sessions()[0], engineID: try archive.engineID(for: sampleEngine))
        let row = try archive.database.prepare("SELECT t, finger, phase, x, y FROM touch_packs WHERE session_id = ?1")
        try row.bind(id, at: 1)
        #expect(try row.step())
        #expect(row.string(at: 0) == " 113218266182663463150190")
        #expect(row.string(at: 1) == "00110")
        #expect(row.string(at: 2) == "bmsce")
        #expect(row.string(at: 3) == "[11274,-10889,0,12229,390000]")
        #expect(row.string(at: 4) == "    302936         0    844000    3030381000000000")
    }

    @Test func aDamagedPackIsABadRowNamedBySession() throws {
        let archive = try Archive.open(temporaryPath("damaged-pack.sqlite"), mode: .readWrite)
        let id = try archive.insert(Self.sessions()[0], engineID: try archive.engineID(for: sampleEngine))
        for (column, damage) in [
            ("x", "'[1,2,3,4'"), ("x", "'[1,2,3,4,5,6]'"), ("y", "'1234'"), ("t", "' 1 2 x 4 5'"),
            ("t", "'99999999999999999999' || printf('%20d%20d%20d%20d', 1, 2, 3, 4)"),
        ] {
            try archive.database.execute("UPDATE touch_packs SET \(column) = \(damage) WHERE session_id = \(id)")
            let error = #expect(throws: ArchiveError.self) { try archive.loadSession(id) }
            if case .invalidStoredRow("touch_packs", id, column, _)? = error {} else { Issue.record("\(String(describing: error))") }
            let problems = try archive.integrityProblems()
            #expect(problems.contains { $0.hasPrefix("touch_packs row of session \(id): \(column) ") }, "\(problems)")
            try archive.database.execute("DELETE FROM touch_packs")
            try archive.database.execute(
                "INSERT INTO touch_packs SELECT \(id), ' 113218266182663463150190', '00110', 'bmsce', '[11274,-10889,0,12229,390000]', '    302936         0    844000    3030381000000000'"
            )
            #expect(try archive.loadSession(id).touches.count == 5)
        }
    }

    /// A v5 archive (v3 rows migrated by 0004 and 0005) holding `sessions()`.
    static func makeVersion5Archive(_ path: String) throws -> [Int64] {
        let ids = try {
            let archive = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(3)))
            let engine = try archive.engineID(for: sampleEngine)
            return try archive.write {
                try sessions().map { try insertVersion3Session($0, engineID: engine, into: archive) }
            }
        }()
        let version5 = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(5)))
        #expect(version5.schemaVersion == 5)
        return ids
    }
}
