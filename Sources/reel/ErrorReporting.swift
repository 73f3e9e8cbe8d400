import ArgumentParser
import Foundation
import ReelEngine
import ReelReplay
import ReelStore

/// Runs a command's body, turning every failure into `reel: error: <message>` on standard error
/// and the command line's exit code (see `ExitStatus`): 64 an output that already exists, 65 bad
/// data, 66 missing file, 70 internal.
func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let failure as ReelFailure {
        printError(failure.message)
        throw ExitCode(failure.status.rawValue)
    } catch let error as ArchiveError {
        printError(error.description)
        switch error {
        case .missingFile, .sessionNotFound: throw ExitCode(ExitStatus.noInput.rawValue)
        case .fileExists: throw ExitCode(ExitStatus.usage.rawValue)
        default: throw ExitCode(ExitStatus.dataError.rawValue)
        }
    } catch let error as SQLiteError {
        printError(error.description)
        // SQLITE_CORRUPT (11) and SQLITE_NOTADB (26) are bad input; anything else is our failure.
        throw ExitCode(error.code == 11 || error.code == 26 ? ExitStatus.dataError.rawValue : ExitStatus.internalError.rawValue)
    } catch let error as GestureStreamError {
        printError(error.description)
        throw ExitCode(ExitStatus.dataError.rawValue)
    } catch let error as ProfileError {
        printError(error.description)
        throw ExitCode(ExitStatus.dataError.rawValue)
    } catch {
        printError("\(error)")
        throw ExitCode(ExitStatus.internalError.rawValue)
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("reel: error: \(message)\n".utf8))
}

/// `reel: warning: <message>` on standard error: something the command could not check but did not stop for.
func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("reel: warning: \(message)\n".utf8))
}

/// Whether standard error is a terminal (progress lines are only drawn there).
var standardErrorIsTerminal: Bool { isatty(2) == 1 }
