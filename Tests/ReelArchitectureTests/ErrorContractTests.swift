import Foundation
import Testing

/// docs/ARCHITECTURE.md, Rules: every library error states its kind (`ReelError.failureKind`, a
/// `FailureKind`), and the command lines alone turn a kind into an exit number, through one
/// shared table and branch (ReelTrace's `ExitStatus` and `FailureReport`). Read from the source text, as the other rules of this target are.
@Suite("Error contract")
struct ErrorContractTests {
    /// Every error type of `Sources/` that conforms to `ReelError`: a new one is a line here, on
    /// purpose (with its kind decided in its module).
    static let conforming: Set<String> = [
        // ReelTrace
        "ReelFailure",
        // ReelJSON
        "JSONParseError", "JSONFieldError",
        // ReelEngine
        "EngineError", "ProfileError",
        // ReelStore
        "ArchiveError", "SQLiteError", "PackDamage", "SavedQueryMissing",
        // ReelDiff
        "ToleranceError",
        // ReelFormats
        "GestureStreamError", "LineSourceReadError", "EngineProtocolError", "DecodeError",
        // ReelRunner
        "ExternalEngineError", "ExchangeFailure", "EngineServeError", "ReplayFailure", "Stopped",
        // ReelKit, ReelCapture, ReelFleet
        "ReelKitError", "CaptureListenError", "CaptureRejection", "FleetError",
    ]

    /// Error types that are not library errors, and why.
    static let exempt: [String: String] = [
        "ReaderClosedOutput": "reel's own: the reader of standard output went away, which ends a command quietly",
        "Interrupted": "reel's own: SIGINT or SIGTERM, which ends a command with 130 or 143",
        "PropertyAnimatorError":
            "ReelTiming imports no module (not even ReelTrace); ReelKit, its one caller, turns it into a KitFailure at the call",
        "Failure":
            "ReelKit's internal Cassowary solver outcome (CassowarySolver.Failure): the layout pass turns it into a KitFailure or a broken-constraint event at the call",
    ]

    /// The exit number of each kind: BSD sysexits(3) where one applies (64 EX_USAGE, 65 EX_DATAERR,
    /// 66 EX_NOINPUT, 69 EX_UNAVAILABLE, 70 EX_SOFTWARE, 73 EX_CANTCREAT, 74 EX_IOERR), and 2 for an
    /// engine that failed on sessions (`reel --help`, "Exit status").
    static let exitNumbers: [String: Int] = [
        "usage": 64, "dataError": 65, "noInput": 66, "unavailable": 69, "internalError": 70, "cannotCreate": 73, "ioError": 74,
        "engineFailed": 2,
    ]

    struct Declaration {
        let name: String
        let module: String
        let path: String
        let line: Int
        let inherits: [String]
    }

    /// Types declared in `Sources/` whose inheritance clause names `Error` or `ReelError`, and the
    /// types extended to conform to `ReelError`.
    static func scan() -> (errors: [Declaration], extendedToReelError: Set<String>) {
        let declaration = try! NSRegularExpression(
            pattern:
                #"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated)\s+)*(?:struct|enum|class|actor)\s+(\w+)(?:<[^>]*>)?\s*:\s*([^{]+)"#
        )
        let extensionLine = try! NSRegularExpression(pattern: #"^\s*(?:(?:public|package|internal)\s+)?extension\s+([\w.]+)\s*:\s*([^{]+)"#)
        var errors: [Declaration] = []
        var extended: Set<String> = []
        for file in SourceTree.current.files {
            for (index, line) in file.scan.codeLines.enumerated() {
                let range = NSRange(line.startIndex..., in: line)
                if let match = declaration.firstMatch(in: line, range: range) {
                    let inherits = Self.names(line, match.range(at: 2))
                    if inherits.contains("Error") || inherits.contains("ReelError") {
                        errors.append(
                            Declaration(
                                name: Self.text(line, match.range(at: 1)), module: file.module, path: file.path, line: index + 1,
                                inherits: inherits))
                    }
                } else if let match = extensionLine.firstMatch(in: line, range: range),
                    Self.names(line, match.range(at: 2)).contains("ReelError")
                {
                    extended.insert(String(Self.text(line, match.range(at: 1)).split(separator: ".").last ?? ""))
                }
            }
        }
        return (errors, extended)
    }

    private static func text(_ line: String, _ range: NSRange) -> String { String(line[Range(range, in: line)!]) }

    private static func names(_ line: String, _ range: NSRange) -> [String] {
        text(line, range).split(separator: ",").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func everyLibraryErrorStatesItsKind() {
        let (errors, extended) = Self.scan()
        // The scan finds what it must: errors of the store, the formats and the runner at least.
        #expect(errors.count >= 20, "\(errors.map(\.name))")
        var conformingFound: Set<String> = []
        for error in errors where Self.exempt[error.name] == nil {
            if error.inherits.contains("ReelError") || extended.contains(error.name) {
                conformingFound.insert(error.name)
            } else {
                Issue.record(
                    "\(error.path):\(error.line): \(error.name) is an Error but not a ReelError: give it a failureKind (docs/ARCHITECTURE.md, Rules)"
                )
            }
        }
        #expect(conformingFound == Self.conforming, "conforming types: \(conformingFound.sorted())")
        for name in Self.exempt.keys {
            #expect(errors.contains { $0.name == name }, "\(name) is exempt but no longer declared: drop it from the list")
        }
    }

    /// The cases of `FailureKind`, from its declaration in ReelTrace.
    static func failureKinds() throws -> [String] {
        let file = try #require(SourceTree.current.files.first { $0.path == "Sources/ReelTrace/ReelFailure.swift" })
        var kinds: [String] = []
        var inside = false
        for line in file.scan.codeLines {
            if line.contains("enum FailureKind") { inside = true } else if inside, line.hasPrefix("}") { break }
            if inside, let name = line.trimmingCharacters(in: .whitespaces).split(separator: " ").dropFirst().first,
                line.trimmingCharacters(in: .whitespaces).hasPrefix("case ")
            {
                kinds.append(String(name))
            }
        }
        return kinds
    }

    /// The command lines' one table: `ExitStatus` (ReelTrace), its raw values and its initializer
    /// from a kind (`case .kind: self = .status`).
    static let tablePath = "Sources/ReelTrace/ExitStatus.swift"
    /// The one branch for errors the three command lines share.
    static let reportPath = "Sources/ReelTrace/FailureReport.swift"
    /// The command lines' error reporting: each hands a caught error to `FailureReport`.
    static let commandLinePaths = [
        "Sources/reel/ErrorReporting.swift", "Sources/reel-capture/CaptureErrors.swift", "Sources/reel-publish/PublishErrors.swift",
    ]

    /// Every kind maps to its exit number in the one table (`ExitStatus(kind)`, whose switch has no
    /// `default`, so the compiler holds every kind to a line of it), and the command lines write no
    /// table of their own: `reel capture` and `reel publish` end as `reel` would.
    @Test func everyKindMapsToItsExitNumberInOneTable() throws {
        let kinds = try Self.failureKinds()
        #expect(Set(kinds) == Set(Self.exitNumbers.keys), "FailureKind's cases: \(kinds)")
        let table = try #require(SourceTree.current.files.first { $0.path == Self.tablePath })
        let rawValue = try NSRegularExpression(pattern: #"^\s*case (\w+) = (\d+)\s*$"#)
        let mapsTo = try NSRegularExpression(pattern: #"^\s*case \.(\w+): self = \.(\w+)\s*$"#)
        var statuses: [String: Int] = [:]
        var mapping: [String: Int] = [:]
        for line in table.scan.codeLines {
            let range = NSRange(line.startIndex..., in: line)
            if let match = rawValue.firstMatch(in: line, range: range) {
                statuses[Self.text(line, match.range(at: 1))] = Int(Self.text(line, match.range(at: 2)))
            } else if let match = mapsTo.firstMatch(in: line, range: range) {
                mapping[Self.text(line, match.range(at: 1))] = statuses[Self.text(line, match.range(at: 2))]
            }
            #expect(!line.contains("default:"), "\(Self.tablePath): a default case hides a new kind from the compiler")
        }
        #expect(statuses.count >= 10, "\(statuses)")
        for kind in kinds {
            #expect(mapping[kind] == Self.exitNumbers[kind], "\(kind) maps to \(mapping[kind].map(String.init) ?? "nothing")")
        }
        let kindCase = try NSRegularExpression(
            pattern: #"case \.(usage|dataError|noInput|engineFailed|internalError|cannotCreate|ioError|unavailable)\b"#)
        for path in Self.commandLinePaths {
            let file = try #require(SourceTree.current.files.first { $0.path == path })
            for (index, line) in file.scan.codeLines.enumerated() {
                #expect(
                    kindCase.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) == nil,
                    "\(path):\(index + 1): a kind mapped here; ExitStatus(kind) is the one table")
            }
            #expect(file.scan.codeLines.joined().contains("FailureReport("), "\(path) does not report through FailureReport")
        }
    }

    /// The command lines' error reporting has one branch for library errors: no SQLite result code
    /// and no library error type is named there, nor in the branch they share.
    @Test func errorReportingBranchesOnTheKindAlone() throws {
        for path in Self.commandLinePaths + [Self.reportPath] {
            let file = try #require(SourceTree.current.files.first { $0.path == path })
            let code = file.scan.codeLines.joined(separator: "\n")
            for name in Self.conforming.subtracting(["ReelFailure"]) {
                #expect(!code.contains(name), "\(path) names \(name): branch on failureKind instead")
            }
            #expect(!code.contains("SQLITE_") && !code.contains(".code =="), "\(path) sorts SQLite result codes")
        }
        let report = try #require(SourceTree.current.files.first { $0.path == Self.reportPath })
        #expect(report.scan.codeLines.joined().contains("as? any ReelError"), "\(Self.reportPath) has no ReelError branch")
    }
}
