import ArgumentParser
import Foundation
import ReelTrace

/// Prints `reel-publish: error: MESSAGE` and returns the exit code to throw.
func fail(_ message: String, status: ExitStatus) -> ExitCode {
    FileHandle.standardError.write(Data("reel-publish: error: \(message)\n".utf8))
    return ExitCode(status.rawValue)
}

/// Prints `reel-publish: warning: MESSAGE`: something the user should change that did not stop the run.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("reel-publish: warning: \(message)\n".utf8))
}

/// The exit code of a failure, as `reel` gives it: `FailureReport` (ReelTrace), the branch the
/// three command lines share, picks it from the library error's kind (`ExitStatus`: 64 usage, 65
/// bad data, 66 missing archive, 69 the server, 73 cannot create, 74 I/O, 70 anything unforeseen,
/// a bug).
func exitCode(for error: any Error) -> ExitCode {
    if let exit = error as? ExitCode { return exit }
    let report = FailureReport(error) { "unexpected failure (a bug, please report it): \($0)" }
    return fail(report.message, status: report.status)
}

func reporting<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw exitCode(for: error) }
}

func reportingAsync<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch { throw exitCode(for: error) }
}
