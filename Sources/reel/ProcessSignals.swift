#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Reel {
    /// The entry point: ignores SIGXFSZ first, so a write past the file-size limit (`ulimit -f`)
    /// fails with an error that names the archive instead of killing reel silently.
    static func main() {
        signal(SIGXFSZ, SIG_IGN)
        main(nil)
    }
}
