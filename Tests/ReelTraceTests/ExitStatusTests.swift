import ReelTrace
import Testing

/// The command lines' one exit-status table (`ExitStatus`, shared by `reel`, `reel-capture` and
/// `reel-publish`) and their one branch for errors (`FailureReport`).
@Suite struct ExitStatusTests {
    /// BSD sysexits(3): EX_USAGE 64, EX_DATAERR 65, EX_NOINPUT 66, EX_UNAVAILABLE 69, EX_SOFTWARE
    /// 70, EX_CANTCREAT 73, EX_IOERR 74; and 2 for an engine that failed on sessions (`reel --help`,
    /// "Exit status").
    static let sysexits: [FailureKind: Int32] = [
        .usage: 64, .dataError: 65, .noInput: 66, .unavailable: 69, .internalError: 70, .cannotCreate: 73, .ioError: 74,
        .engineFailed: 2,
    ]

    @Test func everyKindHasItsExitNumber() {
        #expect(Set(FailureKind.allCases) == Set(Self.sysexits.keys), "a FailureKind without a number in this test")
        for kind in FailureKind.allCases {
            #expect(ExitStatus(kind).rawValue == Self.sysexits[kind], "\(kind)")
        }
    }

    @Test func aLibraryErrorIsReportedInItsOwnWords() {
        let report = FailureReport(ReelFailure(.noInput, "a.sqlite: no such file")) { "bug: \($0)" }
        #expect(report.message == "a.sqlite: no such file")
        #expect(report.status.rawValue == 66)
    }

    @Test func aBugIsReportedAsOne() {
        let report = FailureReport(ReelFailure(.internalError, "a row count went negative")) { "bug: \($0)" }
        #expect(report.message == "bug: a row count went negative")
        #expect(report.status.rawValue == 70)
    }

    struct Unforeseen: Error {}

    @Test func anErrorOutsideTheContractIsABug() {
        let report = FailureReport(Unforeseen()) { "bug: \($0)" }
        #expect(report.message == "bug: Unforeseen()")
        #expect(report.status.rawValue == 70)
    }
}
