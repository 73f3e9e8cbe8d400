import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about this process that each system tells in its own way: where its executable is, and
/// its peak resident memory. `reel bench` needs both; nothing else may read /proc for them.
enum ProcessFacts {
    /// The running executable's absolute path: /proc/self/exe on Linux, Foundation's word elsewhere.
    static func executablePath() throws -> String {
        #if os(Linux)
            return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #else
            guard let path = Bundle.main.executablePath else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: CommandLine.arguments[0]])
            }
            return path
        #endif
    }

    /// This process's peak resident memory in bytes (getrusage's ru_maxrss: kilobytes on Linux,
    /// bytes on Darwin); 0 when the system does not say.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss) * 1024
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss)
        #endif
    }
}
