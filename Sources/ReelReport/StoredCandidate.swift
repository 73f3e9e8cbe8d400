import ReelEngine
import ReelFormats
import ReelRunner
import ReelTrace

/// Rebuilds a replay's candidate engine from what the archive stored about it, so a report can
/// re-run the few sessions it plots: the archive keeps verdicts and divergences, not the
/// candidate's traces.
///
/// Only this build's engine can be rebuilt (same name and version; the stored profile parameters
/// give the profile), and only when the rebuilt engine's fingerprint equals the stored one, which
/// proves it behaves as the candidate did. External (`exec:`) engines are not re-run: a report
/// does not start processes named in an archive.
enum StoredCandidate {
    /// The rebuilt engine, or why there is none.
    static func engine(for identity: EngineIdentity) -> Result<TransitionEngine, ReelFailure> {
        guard let builtinName = BuiltinEngineName(parsing: identity.name) else {
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
        let engine = BuiltinEngine(profile: profile, label: builtinName.label)
        guard engine.identity.fingerprint == identity.fingerprint else {
            return .failure(unavailable(identity, "the rebuilt engine's fingerprint differs from the stored one"))
        }
        return .success(engine)
    }

    private static func unavailable(_ identity: EngineIdentity, _ reason: String) -> ReelFailure {
        ReelFailure(
            .dataError,
            "The candidate's curves are not shown: the archive stores no replayed traces and the candidate "
                + "\(identity.name) \(identity.version) cannot be re-run here (\(reason)). "
                + "The plots show the recorded trace with the first divergent frame marked.")
    }
}
