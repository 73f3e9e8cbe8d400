import ArgumentParser
import Foundation
import ReelTrace

/// Runs the command's body, turning a failure into `reel: error: <message>` on standard error and
/// the exit code `reel` gives the same failure: `FailureReport` (ReelTrace), the branch the three
/// command lines share, picks it from the library error's kind (`ExitStatus`: 64 usage, 65 bad
/// data such as an unknown scenario, a bad profile or a damaged archive, 66 a missing file, 73
/// cannot listen or create the archive, 74 a failed read or write, 70 a bug, whose message asks
/// for a report).
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch {
        let report = FailureReport(error, bugNote: bugReport)
        printError(report.message)
        throw ExitCode(report.status.rawValue)
    }
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
