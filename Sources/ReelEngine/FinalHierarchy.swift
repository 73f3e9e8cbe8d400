/// A run's final view-controller hierarchy, described as JSON (`Outcome.hierarchy`) only when asked:
/// the description costs about a twentieth of a short session, and a replay keeps it only for the
/// sessions whose traces it stores (the diverged ones).
///
/// ```swift
/// var (trace, hierarchy) = try engine.runDeferringHierarchy(scenario: spec, device: .phone, refreshHz: 60, touches: touches)
/// if keeping { trace.outcome.hierarchy = hierarchy.json }
/// ```
package struct FinalHierarchy: Sendable {
    /// The hierarchy and window as the run left them (a copy: later runs do not change it).
    let world: World
    /// `outcome.hidden_views`: whether the description lists the hidden views.
    let listingHidden: Bool

    /// The description `Engine.run(outcomeHierarchy: true)` puts in the outcome.
    package var json: String { world.hierarchyJSON(listingHidden: listingHidden) }
}
