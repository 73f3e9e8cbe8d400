import Foundation

extension Process {
    /// Waits for the process to end, checking every millisecond.
    ///
    /// Not Foundation's `waitUntilExit()`: on Linux it runs the waiting thread's run loop in steps of
    /// 50 ms, so every process a test waits for costs about 45 ms more than it runs (measured with
    /// `/bin/true`: 45-46 ms a run with `waitUntilExit()`, 5 ms with this loop or a termination
    /// handler). The suite waits for well over a thousand `reel` runs on two test threads.
    ///
    /// ```swift
    /// try process.run()
    /// process.waitForExit()
    /// #expect(process.terminationStatus == 0)
    /// ```
    package func waitForExit() {
        while isRunning { usleep(1_000) }
    }
}
