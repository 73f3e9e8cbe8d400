import ReelTrace

/// A recorded session with the part of its storage that needs no archive done ahead: its trace's
/// layout (views numbered, not yet interned) and its touch pack. The recorder's producer thread
/// prepares each session, so that its writer thread only interns names and steps statements.
package struct PreparedSession: Sendable {
    package let session: RecordedSession
    let layout: UnresolvedTraceLayout
    let touchPack: TouchPack?
    /// The recording engine's completion decision, stored with the trace when there is one.
    package let decision: StoredDecision?

    package init(_ session: RecordedSession, decision: StoredDecision? = nil) {
        self.session = session
        self.decision = decision
        layout = UnresolvedTraceLayout(session.trace, refreshHz: session.header.refreshHz)
        touchPack = session.touches.isEmpty ? nil : TouchPack(session.touches)
    }
}
