import ReelStore
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An archive written under a temporary name beside its final path and renamed to it only once
/// whole, so the final path holds a complete archive or nothing (`reel merge`).
///
/// While it is written, SIGINT and SIGTERM remove the temporary file (with its -wal, -shm and
/// -journal) and end the process at once with 130 or 143: unlink(2) and _exit(2) are safe in a
/// signal handler. SIGKILL cannot be handled: it leaves `OUT.partial-PID` beside OUT, never OUT.
///
/// Example: `let partial = try PartialArchive(finalPath: "merged.sqlite")`, write
/// `partial.path`, then `try partial.commit(replacing: false)`.
final class PartialArchive {
    /// Where the archive is written until `commit`.
    let path: String
    let finalPath: String

    init(finalPath: String) throws {
        self.finalPath = finalPath
        path = finalPath + ".partial-\(getpid())"
        Self.removeFiles(path)
        SignalCleanup.install(removing: [path, path + "-wal", path + "-shm", path + "-journal"])
    }

    deinit {
        SignalCleanup.uninstall()
        Self.removeFiles(path)
    }

    /// Folds the write-ahead log into the file, then moves it to `finalPath`: over an existing
    /// file with `replacing`, else only if nothing is there (a hard link then the temporary name
    /// removed, so a file created meanwhile is never overwritten).
    func commit(replacing: Bool) throws {
        try Archive.foldWriteAheadLog(at: path)
        var info = stat()
        if stat(path + "-wal", &info) == 0, info.st_size > 0 {
            throw ReelFailure(.internalError, "\(path): its write-ahead log is still in use; \(finalPath) was not written")
        }
        for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
        if replacing {
            for suffix in ["-wal", "-shm"] { unlink(finalPath + suffix) }
            guard rename(path, finalPath) == 0 else { throw failure(errno) }
        } else if link(path, finalPath) == 0 {
            unlink(path)
        } else if errno == EEXIST {
            throw ReelFailure(.usage, "\(finalPath): already exists; give --force to overwrite it")
        } else {
            // A file system without hard links: the existence check before the merge must do.
            guard access(finalPath, F_OK) != 0 else {
                throw ReelFailure(.usage, "\(finalPath): already exists; give --force to overwrite it")
            }
            guard rename(path, finalPath) == 0 else { throw failure(errno) }
        }
        SignalCleanup.uninstall()
    }

    private func failure(_ code: Int32) -> ReelFailure {
        ReelFailure(.cannotCreate, "\(finalPath): cannot move the merged archive there (\(String(cString: strerror(code))))")
    }

    private static func removeFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}

/// The files a SIGINT or SIGTERM handler removes before ending the process: C strings made before
/// the handler is installed, so the handler only reads them.
private enum SignalCleanup {
    /// A nil-terminated array of paths, nil when no handler is installed.
    nonisolated(unsafe) static var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    static func install(removing files: [String]) {
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: files.count + 1)
        for (index, file) in files.enumerated() { list[index] = strdup(file) }
        list[files.count] = nil
        paths = list
        for signal in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = removeAndExit
            #else
                action.__sigaction_u.__sa_handler = removeAndExit
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Back to the default actions; the paths stay allocated (a handler may be running).
    static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// The handler: unlink(2) each path, then _exit(2) with 128 + the signal.
private func removeAndExit(_ signal: Int32) {
    if let list = SignalCleanup.paths {
        var index = 0
        while let path = list[index] {
            unlink(path)
            index += 1
        }
    }
    _exit(128 + signal)
}
