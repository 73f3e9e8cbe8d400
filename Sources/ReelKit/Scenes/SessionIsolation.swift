import Dispatch
import Foundation

/// Where a session's code runs: on the main actor, as UIKit code does.
///
/// ReelKit's UIKit classes are `@MainActor`, as UIKit's are, so a team's Swift 6 code (a `static var`
/// in a `UIPercentDrivenInteractiveTransition` subclass, a closure touching views) compiles against
/// them unchanged; and the Swift 6 runtime checks that isolation (a main-actor closure handed to a
/// library function asserts it runs on the main thread), so a session really runs there. An engine
/// process (`ReelKitServer`) serves on its main thread, so replays through `exec:` stay parallel
/// across processes (`--jobs`). In process (`ReelKitEngine` called from another thread, such as a
/// `Replayer` worker), each session is run on the main queue and the caller waits: sessions take
/// turns, and since each builds its scene afresh and shares nothing with another, the traces are
/// the same whichever order they run in. The process's main thread must then be free to run the
/// main queue (it is under `dispatchMain()`, a test runner, or an app's run loop).
nonisolated enum SessionIsolation {
    /// Runs `session` on the main actor: at once when called on the main thread, else on the main
    /// queue, waiting for it.
    static func run<Value: Sendable>(_ session: @MainActor () -> Value) -> Value {
        if isOnMainQueue { return MainActor.assumeIsolated(session) }
        return withoutActuallyEscaping(session) { session in
            // The closure lives only while `sync` waits for it.
            let body = UncheckedBody(call: session)
            return DispatchQueue.main.sync { MainActor.assumeIsolated { body.call() } }
        }
    }

    /// Whether the caller already runs as the main actor: on the main thread, or in a block of
    /// the main queue (after `dispatchMain()` libdispatch runs that queue on worker threads, which
    /// is where a test runner's main-actor tests run). Waiting for the main queue from there
    /// would wait for itself.
    private static var isOnMainQueue: Bool {
        _ = markMainQueue
        return Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    private nonisolated(unsafe) static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)

    private struct UncheckedBody<Value>: @unchecked Sendable {
        let call: @MainActor () -> Value
    }
}
