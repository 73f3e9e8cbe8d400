import Dispatch

extension DispatchSemaphore {
    /// A semaphore holding `count` units that may be freed holding fewer.
    ///
    /// `DispatchSemaphore(value: count)` remembers `count`, and libdispatch traps (SIGILL, "Semaphore
    /// object deallocated while in use") when it is freed below it, as happens when a pipeline stops
    /// early with units still taken. Created at 0 and raised to `count`, it remembers 0.
    static func counting(_ count: Int) -> DispatchSemaphore {
        let semaphore = DispatchSemaphore(value: 0)
        for _ in 0..<count { semaphore.signal() }
        return semaphore
    }
}
