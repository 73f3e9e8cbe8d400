/// One transaction's settings and the animations added while it was open.
final class TransactionFrame {
    @exclusivity(unchecked) var duration = 0.25
    @exclusivity(unchecked) var timingFunction: CAMediaTimingFunction?
    @exclusivity(unchecked) var disableActions = false
    @exclusivity(unchecked) var completion: (() -> Void)?
    /// Animations (layer animations, UIView blocks) added inside and not yet ended or removed.
    @exclusivity(unchecked) var pending = 0
    @exclusivity(unchecked) var committed = false
    @exclusivity(unchecked) var completed = false

    /// One of its animations ended or was removed.
    func animationEnded() {
        pending -= 1
        completeIfDone()
    }

    /// Runs the completion block once the transaction is committed and nothing it added still runs.
    func completeIfDone() {
        guard committed, pending <= 0, !completed else { return }
        completed = true
        completion?()
    }
}

/// Core Animation's transactions: `begin`/`commit` nest; inside, the animation duration (0.25 s by
/// default) and timing function (nil: the default curve) of implicit animations, whether actions
/// are disabled, and a completion block that runs once every animation added inside has ended or
/// been removed (at the commit when there is none). Outside an explicit transaction the settings
/// belong to the run loop's implicit transaction, committed when the event or frame ends.
///
/// ```swift
/// CATransaction.begin()
/// CATransaction.setAnimationDuration(0.4)
/// CATransaction.setCompletionBlock { print("revealed") }
/// mask.add(grow, forKey: "reveal")
/// CATransaction.commit()
/// ```
public enum CATransaction {
    /// The innermost open transaction (the implicit one, made on first use in a turn).
    static func current(_ runtime: KitRuntime) -> TransactionFrame {
        if let frame = runtime.transactions.last { return frame }
        if let frame = runtime.implicitTransaction { return frame }
        let frame = TransactionFrame()
        runtime.implicitTransaction = frame
        return frame
    }

    /// The open transactions (explicit ones and the implicit one), which an added animation joins.
    static func open(_ runtime: KitRuntime) -> [TransactionFrame] {
        _ = current(runtime)
        return runtime.transactions + (runtime.implicitTransaction.map { [$0] } ?? [])
    }

    public static func begin() {
        guard let runtime = KitRuntime.current else { return }
        let frame = TransactionFrame()
        // A nested transaction starts from its parent's settings.
        if let parent = runtime.transactions.last ?? runtime.implicitTransaction {
            frame.duration = parent.duration
            frame.timingFunction = parent.timingFunction
            frame.disableActions = parent.disableActions
        }
        runtime.transactions.append(frame)
    }

    public static func commit() {
        guard let runtime = KitRuntime.current, let frame = runtime.transactions.popLast() else { return }
        frame.committed = true
        frame.completeIfDone()
    }

    /// Nothing to flush: changes show at the next frame.
    public static func flush() {}

    public static func animationDuration() -> TimeInterval { KitRuntime.current.map { current($0).duration } ?? 0.25 }

    public static func setAnimationDuration(_ dur: TimeInterval) {
        guard let runtime = KitRuntime.current else { return }
        guard dur.isFinite, dur >= 0 else {
            return runtime.fail(
                KitFailure(message: "CATransaction.setAnimationDuration(\(dur)) at t = \(runtime.now) s (not a finite duration >= 0)"))
        }
        current(runtime).duration = dur
    }

    public static func animationTimingFunction() -> CAMediaTimingFunction? { KitRuntime.current.flatMap { current($0).timingFunction } }

    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        guard let runtime = KitRuntime.current else { return }
        current(runtime).timingFunction = function
    }

    public static func disableActions() -> Bool { KitRuntime.current.map { current($0).disableActions } ?? false }

    public static func setDisableActions(_ flag: Bool) {
        guard let runtime = KitRuntime.current else { return }
        current(runtime).disableActions = flag
    }

    public static func completionBlock() -> (() -> Void)? { KitRuntime.current.flatMap { current($0).completion } }

    public static func setCompletionBlock(_ block: (() -> Void)?) {
        guard let runtime = KitRuntime.current else { return }
        current(runtime).completion = block
    }

    /// The run loop's turn ended: its implicit transaction commits (explicit ones left open are
    /// committed too, as Core Animation commits them at the end of the turn).
    static func endTurn(_ runtime: KitRuntime) {
        while !runtime.transactions.isEmpty { commit() }
        if let frame = runtime.implicitTransaction {
            runtime.implicitTransaction = nil
            frame.committed = true
            frame.completeIfDone()
        }
    }
}
