/// One container or presentation operation in flight: who leaves, who arrives, and the
/// callbacks and hierarchy changes at its start, completion and cancellation.
struct Operation: Sendable {
    enum Kind: Sendable { case push, pop, present, dismiss, selectTab, showDetail, swapChild }
    var kind: Kind
    var from: String
    var to: String
    var direction: TransitionDirection
    /// The animator after resolving `system`.
    var animator: AnimatorKind
    var context: AnimatorContext
    /// Whether completion goes through a transition context (false for transition(from:to:)).
    var usesContext = true
    /// Views of these controllers leave the window on completion.
    var removedOwnersOnFinish: [String] = []
    /// The presentation being added or removed.
    var presentation: Presentation?
    /// Whether the presenter's content gets appearance callbacks (presenter views removed).
    var presenterAppearance = false
    /// Controllers popped from under the top by popToRoot / setViewControllers.
    var droppedMiddle: [String] = []
}

extension Operation {
    /// Who transition-context calls are addressed to in events: the container, or the presented
    /// controller's transition for presentations.
    var transitionSubject: String {
        switch kind {
        case .push, .pop: "nav"
        case .present, .dismiss: presentation.map { $0.presented + ".transition" } ?? "transition"
        case .selectTab: "tab"
        case .showDetail: "split"
        case .swapChild: "container"
        }
    }
}
