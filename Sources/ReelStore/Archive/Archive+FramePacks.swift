extension Archive {
    /// What is wrong with the `trace_frame_packs` rows (`FramePack`), one line per problem: a row
    /// that does not decode (a count out of range, a NULL progress, a value past its count), packs
    /// of one trace that overlap, and traces whose packs hold another number of frames than
    /// `traces.frame_count` says (frames missing or extra). Each line names the trace's session.
    ///
    /// For example: `trace_frame_packs row of session 3 (trace 3, first frame 16): frame_count 17`.
    func framePackProblems() throws -> [String] {
        var problems: [String] = []
        let packs = try database.prepare(
            """
            SELECT tr.session_id, f.trace_id, \(FramePack.columns("f"))
            FROM trace_frame_packs AS f LEFT JOIN traces AS tr ON tr.id = f.trace_id ORDER BY f.trace_id, f.first_frame
            """)
        var trace: Int64?
        var nextFrame: Int?
        while try packs.step() {
            let traceID = packs.int64(at: 1)
            if traceID != trace { (trace, nextFrame) = (traceID, nil) }
            do {
                let (firstFrame, count) = try FramePack.shape(packs, from: 2, after: nextFrame)
                for column in 0..<Int32(count) { _ = try FramePack.progress(packs, from: 2, column: column, count: count) }
                nextFrame = firstFrame + count
                if let extra = FramePack.extraValue(packs, from: 2, count: count) {
                    throw ArchiveError.invalidStoredValue(table: "trace_frame_packs", column: extra.column, value: extra.value)
                }
            } catch let error as ArchiveError {
                guard case .invalidStoredValue(_, let column, let value) = error else { throw error }
                let session = packs.isNull(at: 0) ? "no session" : "session \(packs.int64(at: 0))"
                problems.append(
                    "trace_frame_packs row of \(session) (trace \(traceID), first frame \(packs.int64(at: 2))): \(column) \(value)")
            }
        }
        let counts = try database.prepare(
            """
            SELECT tr.session_id, tr.id, tr.frame_count, coalesce(sum(f.frame_count), 0) AS stored
            FROM traces AS tr LEFT JOIN trace_frame_packs AS f ON f.trace_id = tr.id
            GROUP BY tr.id HAVING stored <> tr.frame_count ORDER BY tr.id
            """)
        while try counts.step() {
            problems.append(
                "trace \(counts.int64(at: 1)) of session \(counts.int64(at: 0)): frame_count is \(counts.int64(at: 2)), "
                    + "trace_frame_packs hold \(counts.int64(at: 3)) frames")
        }
        return problems
    }
}
