import ReelEngine
import ReelFormats
import ReelTrace

/// Rebuilds a replay's candidate engine from what the archive stored about it, so a report can
/// re-run the few sessions it plots whose candidate trace the archive does not keep
/// (`CandidateTraceSource`: a replay with `--no-keep-traces`, or one into a results archive).
///
/// Only this build's engine can be rebuilt (same name and version; the stored profile parameters
/// give the profile), and only when the rebuilt engine's fingerprint equals the stored one, which
/// proves it behaves as the candidate did. External (`exec:`) engines are not re-run: a report
/// does not start processes named in an archive.
enum StoredCandidate {
    /// The rebuilt engine, or why there is none.
    static func engine(for identity: EngineIdentity) -> Result<Engine, ReelFailure> {
        guard BuiltinEngineName(parsing: identity.name) != nil else {
            return .failure(unavailable(identity, "it is not this build's engine, and reports do not run external engines"))
        }
        guard identity.version == Engine.version else {
            return .failure(unavailable(identity, "this build's engine is version \(Engine.version)"))
        }
        let profile: EngineProfile
        do {
            profile = try ProfileLoader.parse(storedProfileJSON: identity.profileJSON, of: identity.name).profile
        } catch {
            return .failure(unavailable(identity, error.message))
        }
        // The fingerprint is the profile's and the version's: the label `builtinName` carries only names it.
        let engine = Engine(profile: profile)
        guard engine.identity.fingerprint == identity.fingerprint else {
            return .failure(unavailable(identity, "the rebuilt engine's fingerprint differs from the stored one"))
        }
        return .success(engine)
    }

    /// The rebuilt engine's trace of a stored session, refused (bad data, naming the rule) when its
    /// touches break the stream reader's rules (`GestureLimits.violation`), as `reel replay` refuses
    /// them: a session of a hostile archive cannot make a report simulate without bound.
    static func run(_ engine: Engine, _ session: RecordedSession) throws -> Trace {
        let header = session.header
        if let violation = GestureLimits.violation(touches: session.touches, device: header.device, refreshHz: header.refreshHz) {
            throw ReelFailure(.dataError, "the session cannot be run: \(violation)")
        }
        return try engine.run(
            scenario: header.storedScenarioSpec(), device: header.device, refreshHz: header.refreshHz,
            touches: session.touches, outcomeHierarchy: false)
    }

    private static func unavailable(_ identity: EngineIdentity, _ reason: String) -> ReelFailure {
        ReelFailure(
            .dataError,
            "The candidate's curves are not shown: the archive keeps no trace of the candidate for these sessions and the candidate "
                + "\(identity.name) \(identity.version) cannot be re-run here (\(reason)). "
                + "The plots show the recorded trace with the first divergent frame marked.")
    }
}
