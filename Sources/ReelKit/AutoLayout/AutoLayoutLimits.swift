/// What bounds Auto Layout in a session (KIT.md states the cost these bound).
public enum AutoLayoutLimits {
    /// The most active constraints one view tree (a window) may hold at a layout pass, the
    /// translated autoresizing masks and intrinsic sizes not counted; beyond it the session stops
    /// with an error naming the count.
    public static let maximumConstraints = 2_000
    /// The most simplex pivots one constraint's addition may take.
    public static let pivotsPerConstraint = 2_000
    /// The most layout passes one `layoutIfNeeded` may run before the tree stops asking for
    /// another (a `layoutSubviews` that invalidates layout every time is a cycle: a session error).
    public static let maximumPasses = 100
}
