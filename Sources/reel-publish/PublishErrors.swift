import ArgumentParser
import Foundation
import ReelFleet
import ReelStore

/// Prints `reel-publish: error: MESSAGE` and returns the exit code to throw.
func fail(_ message: String, status: Int32) -> ExitCode {
    FileHandle.standardError.write(Data("reel-publish: error: \(message)\n".utf8))
    return ExitCode(status)
}

/// The exit code of a failure: 64 usage, 65 bad data, 66 missing archive, 69 the server, 74 I/O,
/// 70 anything unforeseen (a bug).
func exitCode(for error: any Error) -> ExitCode {
    switch error {
    case let exit as ExitCode: return exit
    case let fleet as FleetError:
        switch fleet {
        case .badURL, .replayNotFound: return fail(fleet.description, status: 64)
        case .replayUnfinished: return fail(fleet.description, status: 65)
        case .unreachable, .server: return fail(fleet.description, status: 69)
        }
    case let archive as ArchiveError:
        switch archive {
        case .missingFile: return fail(archive.description, status: 66)
        case .fileExists, .notAFile: return fail(archive.description, status: 64)
        default: return fail(archive.description, status: 65)
        }
    case let sqlite as SQLiteError:
        return fail("the archive cannot be read: \(sqlite.description)", status: sqlite.isDamagedFile ? 65 : 74)
    default:
        return fail("unexpected failure (a bug, please report it): \(error)", status: 70)
    }
}

func reporting<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw exitCode(for: error) }
}

func reportingAsync<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch { throw exitCode(for: error) }
}
