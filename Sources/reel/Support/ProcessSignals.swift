import ArgumentParser
import ReelTrace

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

extension Reel {
    /// The entry point: ignores SIGXFSZ first, so a write past the file-size limit (`ulimit -f`)
    /// fails with an error that names the archive instead of killing reel silently; runs the
    /// command; and before exiting closes its archives cleanly and flushes standard output, so a
    /// failed write there (`> /dev/full`) is exit 74 with a message rather than a silent success.
    static func main() {
        signal(SIGXFSZ, SIG_IGN)
        // A closed standard output (`reel ... | head`) is EPIPE, handled as `ReaderClosedOutput`,
        // never a kill by SIGPIPE (as writes to an engine that died already are).
        signal(SIGPIPE, SIG_IGN)
        var command: ParsableCommand?
        do {
            if EngineServeCommand.isPlainServe(CommandLine.arguments) {
                // The process every `exec:reel engine serve` replay starts: no option to parse, so
                // ArgumentParser's parse (about 14 M instructions) is left out.
                try EngineServeCommand.serve(engine: "builtin")
            } else {
                command = try parseAsRoot(nil)
                try command?.run()
            }
        } catch is ReaderClosedOutput {
            // The reader of standard output left: the work is stored, nothing more to say.
            end(command)
            Self.exitQuietly()
        } catch {
            end(command)
            exit(withError: error)
        }
        end(command)
        exitQuietly()
    }

    /// Exit 0 through the C library's exit (the command type's own `exit(withError:)` is in scope here).
    private static func exitQuietly() -> Never {
        #if canImport(Glibc)
            Glibc.exit(0)
        #else
            Darwin.exit(0)
        #endif
    }

    /// What every run does last, whatever its outcome: closes its archives cleanly (`ArchiveCloser`)
    /// and flushes standard output.
    private static func end(_ command: ParsableCommand?) {
        if let command = command as? UsesArchives { ArchiveCloser.closeCleanly(command) }
        flushStandardOutput()
    }

    /// Flushes standard output; when that fails, says so and exits 74, unless its reader has
    /// left (EPIPE: `reel ... | head`), which is no failure of reel's.
    private static func flushStandardOutput() {
        guard fflush(stdout) != 0 || ferror(stdout) != 0 else { return }
        if errno == EPIPE || ReaderClosedOutput.readerIsGone { return }
        let reason = String(cString: strerror(errno))
        printError("cannot write standard output: \(reason)")
        _exit(ExitStatus.ioError.rawValue)
    }
}
