import Foundation
import ReelReport
import ReelRunner
import ReelStore
import ReelTrace

/// `reel review --interactive`: shows each session, asks for one answer, and stores it before
/// asking the next (an accept through the prepared `BaselineAcceptor`, a reject in
/// `review_rejects`), so a `q`, the end of input or a crash loses nothing already answered.
struct ReviewPrompt {
    /// What the answers were, counted.
    struct Tally {
        var accepted = 0
        var rejected = 0
        var skipped = 0

        /// `ARCHIVE: review of replay R: accepted N sessions (...), rejected X, skipped Y, Z undecided`.
        func line(archive: String, replayID: Int64, undecided total: Int) -> String {
            let undecided = max(0, total - accepted - rejected - skipped)
            let accepts =
                accepted == 0
                ? "accepted none"
                : "accepted \(accepted) session\(accepted == 1 ? "" : "s") (their baseline is now the candidate's trace)"
            return "\(archive): review of replay \(replayID): \(accepts), rejected \(rejected), skipped \(skipped), \(undecided) undecided"
        }
    }

    /// One answer: a key on a terminal, a line otherwise.
    enum Answer {
        case accept, reject, skip, acceptAll, rejectAll, skipAll, details, open, quit

        /// The key as `cargo insta review` reads it: a r s, A R S (all remaining), i o q.
        init?(key: Character) {
            switch key {
            case "a": self = .accept
            case "r": self = .reject
            case "s": self = .skip
            case "A": self = .acceptAll
            case "R": self = .rejectAll
            case "S": self = .skipAll
            case "i": self = .details
            case "o": self = .open
            case "q": self = .quit
            default: return nil
            }
        }

        /// The answer in words, echoed after the question.
        var word: String {
            switch self {
            case .accept: "accept"
            case .reject: "reject"
            case .skip: "skip"
            case .acceptAll: "accept all remaining"
            case .rejectAll: "reject all remaining"
            case .skipAll: "skip all remaining"
            case .details: "details"
            case .open: "report page"
            case .quit: "quit"
            }
        }

        /// A line: one key, or a word (accept, reject, skip, details, open, quit).
        init?(line: String) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.count == 1, let key = text.first, let answer = Answer(key: key) {
                self = answer
                return
            }
            switch text.lowercased() {
            case "accept": self = .accept
            case "reject": self = .reject
            case "skip": self = .skip
            case "details", "info": self = .details
            case "open": self = .open
            case "quit": self = .quit
            default: return nil
            }
        }
    }

    let archivePath: String
    let replayID: Int64
    let archive: Archive
    let acceptor: BaselineAcceptor
    let plan: BaselineAcceptor.Plan
    /// The sessions to ask about, flips first (`Archive.reviewItems`).
    let items: [ReviewItem]
    let decidedBy: String
    let printer: ReviewItemPrinter
    private var tally = Tally()

    init(
        archivePath: String, replayID: Int64, archive: Archive, acceptor: BaselineAcceptor, plan: BaselineAcceptor.Plan,
        items: [ReviewItem], decidedBy: String, printer: ReviewItemPrinter
    ) {
        self.archivePath = archivePath
        self.replayID = replayID
        self.archive = archive
        self.acceptor = acceptor
        self.plan = plan
        self.items = items
        self.decidedBy = decidedBy
        self.printer = printer
    }

    /// Asks about each session in turn until the list ends, `q`, or the end of input.
    mutating func run() throws -> Tally {
        let keys = TerminalKeys()
        defer { keys?.restore() }
        let flips = items.filter(\.flipped).count
        var details = true
        var index = 0
        sessions: while index < items.count {
            let item = items[index]
            try printer.print(item, details: details)
            while true {
                let place = item.flipped ? "flip \(index + 1)/\(flips)" : "divergence \(index + 1 - flips)/\(items.count - flips)"
                fflush(nil)  // the block above, before the question on standard error
                Self.ask(
                    "\(place), session \(item.sessionID): a accept, r reject, s skip, A R S all remaining, i details, o report, q quit? ")
                guard let reply = Self.next(keys) else {
                    Self.ask("\n")
                    break sessions
                }
                guard let answer = reply else {
                    Self.ask("\nanswer a, r, s, A, R, S, i, o or q\n")
                    continue
                }
                Self.ask("\(answer.word)\n")
                let remaining = items[index...].map(\.sessionID)
                switch answer {
                case .accept: tally.accepted += try acceptor.accept([item.sessionID], of: plan).accepted.count
                case .reject: try reject([item.sessionID])
                case .skip: tally.skipped += 1
                case .acceptAll:
                    tally.accepted += try acceptor.accept(remaining, of: plan).accepted.count
                    break sessions
                case .rejectAll:
                    try reject(remaining)
                    break sessions
                case .skipAll:
                    tally.skipped += remaining.count
                    break sessions
                case .quit: break sessions
                case .details:
                    details.toggle()
                    try printer.print(item, details: details)
                    continue
                case .open:
                    writePage(of: item.sessionID)
                    continue
                }
                index += 1
                continue sessions
            }
        }
        return tally
    }

    private mutating func reject(_ sessionIDs: [Int64]) throws {
        try archive.rememberRejects(sessionIDs, replayID: replayID, rejectedBy: decidedBy)
        tally.rejected += sessionIDs.count
    }

    /// `o`: the session's report page, written to session-ID.html in the current folder (as
    /// `reel report --session ID -o session-ID.html` writes it), then named. A failure is said
    /// and the question asked again: the answers stored so far stay.
    private func writePage(of sessionID: Int64) {
        let path = "session-\(sessionID).html"
        do {
            let replayOfPage = try archive.sessionVerdict(sessionID: sessionID, replayID: replayID)?.replayID ?? replayID
            let source = try RecordedSource.open(for: archive, named: archivePath, option: nil, replayID: replayOfPage)
            let reader = ReportReader(archive: archive, archiveName: archivePath, recorded: source)
            let page = try reader.readSession(sessionID, replayID: replayID)
            let file = try OutputFile(path: path, force: true)
            try file.write(SessionPage.html(page))
            try file.close()
            printLine("wrote \(path): session \(sessionID) in replay \(page.replayID) (\(page.status))")
        } catch {
            printError(FailureReport(error, file: archivePath, bugNote: bugReport).message)
        }
    }

    /// The next answer: nil at the end of input; .some(nil) for a key or line that is no answer.
    /// On a terminal a key is read without Enter (spaces and line ends are passed over).
    private static func next(_ keys: TerminalKeys?) -> Answer?? {
        if let keys {
            while let key = keys.next() {
                if key == "\n" || key == "\r" || key == " " { continue }
                return .some(Answer(key: key))
            }
            return nil
        }
        guard let line = readLine(strippingNewline: true) else { return nil }
        return .some(Answer(line: line))
    }

    private static func ask(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
