import ArgumentParser
import Foundation
import ReelTrace

/// Runs a command's body, turning every failure into `reel: error: <message>` on standard error
/// and the command line's exit code, in this one place: a library error through `FailureReport`
/// (ReelTrace), the one branch the three command lines share (its kind picks the `ExitStatus`:
/// usage 64, bad data 65, missing input 66, engine failed 2, unavailable 69, cannot create 73,
/// I/O 74, a bug 70, whose message asks for a report). Foundation's file errors are sorted by
/// their Cocoa code; any other error is a bug.
///
/// `archive` names the one archive the command reads: an error raised deep in a read without the
/// path (`NeedsFileName`: a stored value or row the store cannot read) is reported with that path
/// in front, as every other archive error is:
///
/// ```swift
/// try reportingErrors(archive: archive) { try Archive.open(archive, mode: .readOnly).session(id: 1) }
/// // reel: error: a.sqlite: invalid value 40 in trace_frame_packs.frame_count
/// ```
func reportingErrors<T>(archive: String? = nil, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ReaderClosedOutput {
        throw error
    } catch let error as CocoaError where error.isFileError {
        let file = (error.userInfo[NSFilePathErrorKey] as? String).map { $0 + ": " } ?? ""
        printError(file + error.localizedDescription)
        switch error.code {
        case .fileWriteOutOfSpace: throw ExitCode(ExitStatus.ioError.rawValue)
        case .fileNoSuchFile, .fileReadNoSuchFile: throw ExitCode(ExitStatus.noInput.rawValue)
        default: throw ExitCode(ExitStatus.cannotCreate.rawValue)
        }
    } catch {
        let report = FailureReport(error, file: archive, bugNote: bugReport)
        printError(report.message)
        throw ExitCode(report.status.rawValue)
    }
}

/// The message of an internal error: what failed, and that it is a bug to report.
func bugReport(_ message: String) -> String {
    "\(message)\nThis is a bug in reel \(ReelVersion.text): please report it with the command line and this message."
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("reel: error: \(message)\n".utf8))
}

/// `reel: <message>` on standard error: something the user should know that is not a problem.
func printNote(_ message: String) {
    FileHandle.standardError.write(Data("reel: \(message)\n".utf8))
}

/// `reel: warning: <message>` on standard error: something the command could not check but did not stop for.
func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("reel: warning: \(message)\n".utf8))
}

/// Whether standard error is a terminal (progress lines are only drawn there).
var standardErrorIsTerminal: Bool { isatty(2) == 1 }
