import ArgumentParser
import Foundation
import ReelEngine
import ReelFormats
import ReelRunner
import ReelStore
import ReelTrace

/// Runs a command's body, turning every failure into `reel: error: <message>` on standard error
/// and the command line's exit code (`ExitStatus`), in this one place: 64 usage (an output that
/// already exists, a directory given for a file, bad SQL), 65 bad data, 66 missing file, 73 a file
/// that cannot be created (also a file Foundation cannot write), 74 a failed read or write (disk
/// full), 70 a bug, whose message asks for a report.
/// SQLITE_CANTOPEN: SQLite could not open (or create) a file.
private let sqliteCantOpen: Int32 = 14

func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ReaderClosedOutput {
        throw error
    } catch let failure as ReelFailure {
        printError(failure.kind == .internalError ? bugReport(failure.message) : failure.message)
        throw ExitCode(ExitStatus(failure.kind).rawValue)
    } catch let error as ArchiveError {
        printError(error.description)
        switch error {
        case .missingFile: throw ExitCode(ExitStatus.noInput.rawValue)
        case .fileExists, .notAFile: throw ExitCode(ExitStatus.usage.rawValue)
        default: throw ExitCode(ExitStatus.dataError.rawValue)
        }
    } catch let error as SQLiteError {
        // An archive to create in a folder that does not exist: the same answer as any other output's.
        if error.code == sqliteCantOpen, let file = error.file, !FileManager.default.fileExists(atPath: file),
            let message = MissingFolder.message(for: file)
        {
            printError(message)
            throw ExitCode(ExitStatus.noInput.rawValue)
        }
        let status = status(of: error)
        if status == .usage, let file = error.file {
            printError(
                isDirectory(file)
                    ? "\(file): is a directory, not an archive file"
                    : "\(file): not a regular file (a device, a pipe); an archive is a file")
        } else {
            printError(status == .internalError ? bugReport(error.description) : plainMessage(error, status))
        }
        throw ExitCode(status.rawValue)
    } catch let error as CocoaError where error.isFileError {
        let file = (error.userInfo[NSFilePathErrorKey] as? String).map { $0 + ": " } ?? ""
        printError(file + error.localizedDescription)
        switch error.code {
        case .fileWriteOutOfSpace: throw ExitCode(ExitStatus.ioError.rawValue)
        case .fileNoSuchFile, .fileReadNoSuchFile: throw ExitCode(ExitStatus.noInput.rawValue)
        default: throw ExitCode(ExitStatus.cannotCreate.rawValue)
        }
    } catch let error as GestureStreamError {
        printError(error.description)
        throw ExitCode(ExitStatus.dataError.rawValue)
    } catch let error as ProfileError {
        printError(error.description)
        throw ExitCode(ExitStatus.dataError.rawValue)
    } catch {
        printError(bugReport("\(error)"))
        throw ExitCode(ExitStatus.internalError.rawValue)
    }
}

/// What a SQLite failure means for the user: corrupt or foreign data (65), a file that cannot be
/// opened or created (73; a directory or a device given for an archive, 64), a failed read or
/// write (74); anything else is a bug (70).
private func status(of error: SQLiteError) -> ExitStatus {
    if let file = error.file, FileManager.default.fileExists(atPath: file), !isRegularFile(file) { return .usage }
    switch error.meaning {
    case .damagedFile: return .dataError
    case .cannotOpen: return .cannotCreate
    case .busy, .ioFailure: return .ioError
    case .other: return .internalError
    }
}

/// A SQLite failure that is not a bug, as people read it: the file, what went wrong and SQLite's
/// reason, without result codes or the statement (those stay in bug reports).
private func plainMessage(_ error: SQLiteError, _ status: ExitStatus) -> String {
    let file = error.file.map { "\($0): " } ?? ""
    switch status {
    case .dataError: return file + "the archive is damaged or not a SQLite file (\(damageReason(error.message)))"
    case .ioError where error.meaning == .busy:
        return file + "the archive stayed locked by another process (\(error.message)); try again when it is done"
    case .ioError: return file + "reading or writing the archive failed: \(error.message)"
    default: return file + error.message
    }
}

/// SQLite's reason for refusing a damaged file, short and safe to print: its first line, without
/// the text SQLite quotes from the damaged schema ("malformed database schema (regressions) -
/// unrecognized token: ..." quotes the rest of that entry's SQL, which may be kilobytes of broken
/// bytes), control characters escaped, at most 200 characters.
private func damageReason(_ message: String) -> String {
    var reason = Substring(message.prefix { !$0.isNewline })
    if reason.hasPrefix("malformed database schema"), let quote = reason.range(of: " - ") {
        reason = reason[..<quote.lowerBound]
    }
    return UntrustedText.sanitized(String(reason), limit: 200)
}

/// Whether `path`, followed through symlinks, is a regular file.
private func isRegularFile(_ path: String) -> Bool {
    let target = (path as NSString).resolvingSymlinksInPath
    return (try? FileManager.default.attributesOfItem(atPath: target))?[.type] as? FileAttributeType == .typeRegular
}

private func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
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
