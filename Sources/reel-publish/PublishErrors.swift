import ArgumentParser
import Foundation
import ReelTrace

/// Prints `reel-publish: error: MESSAGE` and returns the exit code to throw.
func fail(_ message: String, status: Int32) -> ExitCode {
    FileHandle.standardError.write(Data("reel-publish: error: \(message)\n".utf8))
    return ExitCode(status)
}

/// The exit code of a failure, from the library error's kind (`ReelError.failureKind`), as `reel`
/// gives it: 64 usage, 65 bad data, 66 missing archive, 69 the server, 73 cannot create, 74 I/O,
/// 70 anything unforeseen (a bug).
func exitCode(for error: any Error) -> ExitCode {
    switch error {
    case let exit as ExitCode: return exit
    case let error as any ReelError:
        let kind = error.failureKind
        let message = kind == .internalError ? "unexpected failure (a bug, please report it): \(error.description)" : error.userMessage
        return fail(message, status: status(of: kind))
    default:
        return fail("unexpected failure (a bug, please report it): \(error)", status: 70)
    }
}

/// `reel`'s exit code for a library failure of `kind`.
private func status(of kind: FailureKind) -> Int32 {
    switch kind {
    case .usage: 64
    case .dataError: 65
    case .noInput: 66
    case .engineFailed: 2
    case .unavailable: 69
    case .internalError: 70
    case .cannotCreate: 73
    case .ioError: 74
    }
}

func reporting<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw exitCode(for: error) }
}

func reportingAsync<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch { throw exitCode(for: error) }
}
