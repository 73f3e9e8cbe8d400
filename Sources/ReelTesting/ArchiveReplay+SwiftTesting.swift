#if canImport(Testing)
    import ReelRunner
    import ReelTrace
    import Testing

    /// Replays `archivePath` against `engine` and records a Swift Testing issue when a session fails
    /// under `failOn` (every kind when nil) or when the accept mode (`REEL_ACCEPT=1`) accepted the
    /// candidate: the issue's comment is ``ArchiveReplayOutcome/message`` (the flips with both
    /// engines' decision arithmetic, the report's path).
    ///
    /// ```swift
    /// @Test func transitionsDecideAsRecorded() throws {
    ///     try expectArchiveReplays("Fixtures/gestures.sqlite", against: EngineFactory(EngineSpec(parsing: "exec:.build/debug/scenes")))
    /// }
    /// ```
    @discardableResult
    public func expectArchiveReplays(
        _ archivePath: String, against engine: EngineFactory, failOn: Set<DivergenceKind>? = nil, artifacts: String? = nil,
        accept: Bool? = nil, name: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ArchiveReplayOutcome {
        let replay = ArchiveReplay(archivePath: archivePath, engine: engine, failOn: failOn, artifacts: artifacts, accept: accept)
        let outcome = try replay.run(name: name ?? "\(sourceLocation.fileName)-\(sourceLocation.line)")
        if !outcome.passed {
            Issue.record(Comment(rawValue: outcome.message), sourceLocation: sourceLocation)
        }
        return outcome
    }
#endif
