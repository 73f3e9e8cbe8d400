#if canImport(XCTest)
    import ReelRunner
    import ReelTrace
    import XCTest

    /// Replays `archivePath` against `engine` and fails the XCTest case (`XCTFail`) when a session
    /// fails under `failOn` (every kind when nil) or when the accept mode (`REEL_ACCEPT=1`) accepted
    /// the candidate, with ``ArchiveReplayOutcome/message`` as the failure's text.
    ///
    /// ```swift
    /// func testTransitionsDecideAsRecorded() throws {
    ///     try XCTAssertArchiveReplays("Fixtures/gestures.sqlite", against: EngineFactory(EngineSpec(parsing: "legacy-0.3")))
    /// }
    /// ```
    @discardableResult
    public func XCTAssertArchiveReplays(
        _ archivePath: String, against engine: EngineFactory, failOn: Set<DivergenceKind>? = nil, artifacts: String? = nil,
        accept: Bool? = nil, name: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ArchiveReplayOutcome {
        let replay = ArchiveReplay(archivePath: archivePath, engine: engine, failOn: failOn, artifacts: artifacts, accept: accept)
        let fileName = ("\(file)" as NSString).lastPathComponent
        let outcome = try replay.run(name: name ?? "\(fileName)-\(line)")
        if !outcome.passed {
            XCTFail(outcome.message, file: file, line: line)
        }
        return outcome
    }
#endif
