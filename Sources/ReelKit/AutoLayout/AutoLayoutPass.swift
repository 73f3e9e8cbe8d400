/// The layout pass: a view tree's active constraints (with translated autoresizing masks and
/// intrinsic sizes) solved by Cassowary in the root's coordinates, the frames of the views with
/// `translatesAutoresizingMaskIntoConstraints == false` set from the solution (through the frame
/// setter, so inside an animation block they animate), then `layoutSubviews` of the views that
/// asked for layout. Conflicting required constraints: the one added last is broken (not applied)
/// and a "layout" trace event names it and the constraints it conflicts with.
enum AutoLayoutPass {
    /// `layoutIfNeeded` on `view`: the pass over its tree, repeated while views ask for layout
    /// again, up to `AutoLayoutLimits.maximumPasses`.
    static func layoutIfNeeded(_ view: UIView) {
        let root = root(of: view)
        let tree = views(under: root)
        guard tree.contains(where: { $0.autoLayout.map { !$0.constraints.isEmpty } ?? false }) else {
            clearFlags(tree)
            view.layoutSubviews()
            return
        }
        run(root, tree: tree, caller: view)
    }

    /// The pass the session runs after the scene is built and after each touch event: only when a
    /// view of the tree asked for layout.
    static func layoutIfNeeded(window: UIView) {
        guard needsLayout(window) else { return }
        run(window, tree: views(under: window), caller: nil)
    }

    /// Whether a view of the tree asked for layout (walked without allocating: it runs after every touch event).
    private static func needsLayout(_ view: UIView) -> Bool {
        if let state = view.autoLayout, state.needsLayout || state.needsUpdateConstraints { return true }
        for subview in view.subviews where needsLayout(subview) { return true }
        return false
    }

    private static func run(_ root: UIView, tree startTree: [UIView], caller: UIView?) {
        var tree = startTree
        for pass in 0..<AutoLayoutLimits.maximumPasses {
            for view in tree { view.updateConstraintsIfNeeded() }
            let asked = tree.filter { $0.autoLayout?.needsLayout ?? false }
            clearFlags(tree)
            guard solveAndApply(root, tree: tree) else { return }
            for view in asked where view !== caller { view.layoutSubviews() }
            if pass == 0, let caller { caller.layoutSubviews() }
            tree = views(under: root)
            guard let still = tree.first(where: { $0.autoLayout.map { $0.needsLayout || $0.needsUpdateConstraints } ?? false }) else {
                return
            }
            if pass == AutoLayoutLimits.maximumPasses - 1 {
                fail(
                    "a cycle of layout passes: view '\(still.traceKey)' still needs layout after \(AutoLayoutLimits.maximumPasses) passes (does its layoutSubviews or updateConstraints invalidate layout every time?)"
                )
            }
        }
    }

    private static func fail(_ message: String) {
        KitRuntime.current?.fail(KitFailure(message: message))
    }

    private static func root(of view: UIView) -> UIView {
        var root = view
        while let up = root.superview { root = up }
        return root
    }

    /// The tree's views, the root first, depth first in subview order.
    private static func views(under root: UIView) -> [UIView] {
        var out: [UIView] = []
        var stack = [root]
        while let view = stack.popLast() {
            out.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return out
    }

    private static func clearFlags(_ tree: [UIView]) {
        for view in tree where view.autoLayout != nil {
            view.autoLayout!.needsLayout = false
        }
    }

    /// Solves the tree and sets the frames; false when the session failed.
    private static func solveAndApply(_ root: UIView, tree: [UIView]) -> Bool {
        var system = LayoutSystem(root: root)
        var inTree = Set<ObjectIdentifier>()
        for view in tree { inTree.insert(ObjectIdentifier(view)) }
        var active: [NSLayoutConstraint] = []
        for view in tree { active.append(contentsOf: view.autoLayout?.constraints ?? []) }
        guard active.count <= AutoLayoutLimits.maximumConstraints else {
            fail(
                "\(active.count) active layout constraints in the tree of '\(root.traceKey)': more than Auto Layout's limit of \(AutoLayoutLimits.maximumConstraints) per scene"
            )
            return false
        }
        for constraint in active {
            if let problem = LayoutSystem.problem(with: constraint, inTree: inTree) {
                fail("constraint \(constraint): \(problem)")
                return false
            }
        }
        if let stop = system.build(active) {
            fail(stop)
            return false
        }
        for broken in system.broken { KitRuntime.current?.emit("layout", broken.subject, broken.detail) }
        for ambiguous in system.ambiguities { KitRuntime.current?.emit("layout", ambiguous, "ambiguous layout") }
        // The frames the pass set asked for a pass themselves (the frame setter): that request is this one.
        for view in system.apply() { view.autoLayout?.needsLayout = false }
        return true
    }
}
