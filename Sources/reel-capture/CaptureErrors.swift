import ArgumentParser
import Foundation
import ReelTrace

/// Runs the command's body, turning a failure into `reel: error: <message>` on standard error and
/// the exit code `reel` gives the same failure (docs/ARCHITECTURE.md), from the library error's
/// kind (`ReelError.failureKind`): 64 usage, 65 bad data (an unknown scenario, a bad profile, a
/// damaged archive), 66 a missing file, 73 cannot listen or create the archive, 74 a failed read
/// or write, 70 a bug (its message asks for a report).
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as any ReelError {
        let kind = error.failureKind
        throw fail(kind == .internalError ? bugReport(error.description) : error.userMessage, status(of: kind))
    } catch {
        throw fail(bugReport("\(error)"), 70)
    }
}

/// `reel`'s exit code for a library failure of `kind`.
private func status(of kind: FailureKind) -> Int32 {
    switch kind {
    case .usage: 64
    case .dataError: 65
    case .noInput: 66
    case .engineFailed: 2
    case .internalError: 70
    case .cannotCreate: 73
    case .ioError: 74
    case .unavailable: 69
    }
}

private func fail(_ message: String, _ status: Int32) -> ExitCode {
    printError(message)
    return ExitCode(status)
}

private func bugReport(_ message: String) -> String {
    "\(message)\nThis is a bug in reel-capture: please report it with the command line and this message."
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("reel: error: \(message)\n".utf8))
}

/// `reel: <message>` on standard error: something the user should know that is not a problem.
func printNote(_ message: String) {
    FileHandle.standardError.write(Data("reel: \(message)\n".utf8))
}
