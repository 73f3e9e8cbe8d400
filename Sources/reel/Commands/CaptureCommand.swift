import ArgumentParser
import Foundation
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `reel capture ARCHIVE --scenario NAME`: runs the `reel-capture` executable with the same
/// arguments, the way git runs `git-foo` for `git foo`. The capture server (Hummingbird on
/// SwiftNIO) lives there, in a product of its own, so that building `reel` compiles neither.
struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Serve a web page that records real gestures (a phone, a tablet, a trackpad) into an archive.",
        discussion: """
            Runs the reel-capture executable (the capture web server, a separate product so that \
            reel builds without SwiftNIO): the one next to this reel, else the first on PATH, with \
            every argument as given. `reel capture --help` shows its options. Without it, exits 69 \
            and says how to build it (REEL_CAPTURE=1 swift build -c release --product reel-capture; \
            tools/install installs both).
            """,
        // Every argument, --help included, goes to reel-capture.
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "reel-capture's arguments: ARCHIVE --scenario NAME [options].")
    var arguments: [String] = []

    func run() throws {
        guard let executable = CaptureExecutable.find() else {
            printError(CaptureExecutable.missingMessage)
            throw ExitCode(ExitStatus.unavailable.rawValue)
        }
        let reason = CaptureExecutable.replaceProcess(with: executable, arguments: arguments)
        printError("cannot run \(executable): \(reason)")
        throw ExitCode(ExitStatus.unavailable.rawValue)
    }
}

/// Finding and starting `reel-capture`.
enum CaptureExecutable {
    static let name = "reel-capture"

    /// What `reel capture` says when it finds no `reel-capture`.
    static var missingMessage: String {
        """
        reel capture needs the \(name) executable (the capture web server, built as a separate product \
        so that reel builds without SwiftNIO and Hummingbird); none is next to this reel or on PATH. \
        Build it in Reel's checkout with `REEL_CAPTURE=1 swift build -c release --product \(name)` and put \
        .build/release/\(name) beside reel or on PATH, or run tools/install, which installs both.
        """
    }

    /// `reel-capture` next to this process's executable (symlinks followed), else the first
    /// executable file of that name on PATH.
    static func find() -> String? {
        var candidates: [String] = []
        if let own = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(own.deletingLastPathComponent().appendingPathComponent(name).path)
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            candidates.append(folder + "/" + name)
        }
        return candidates.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: path)
        }
    }

    /// Replaces this process with `executable` run with `arguments` (its signals, exit status and
    /// output are then the command's own). Returns only when that fails, with the system's reason.
    static func replaceProcess(with executable: String, arguments: [String]) -> String {
        fflush(nil)  // every output stream, before the process is replaced
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(executable, &argv)
        return String(cString: strerror(errno))
    }
}
