import Foundation
import ReelTrace

/// A `reel review --decisions FILE`: one line per session, `ID accept`, `ID reject` or `ID skip`;
/// blank lines and `#` comments are ignored. A session named twice, an unknown word or a line that
/// is not `ID WORD` is bad data (65) naming the file and line.
///
/// ```
/// # replay 3 of today.sqlite
/// 17 accept
/// 42 reject   # the old decision was right
/// ```
struct ReviewDecisions {
    enum Action: String, CaseIterable { case accept, reject, skip }

    /// Each session's action and the line that gave it, in file order.
    private(set) var entries: [(sessionID: Int64, action: Action, line: Int)] = []

    /// At most this many bytes are read: a decision per session of a large replay fits.
    static let byteLimit = 64 << 20

    init(path: String) throws {
        let text = try Self.read(path)
        var seen: [Int64: Int] = [:]
        // A CRLF line ends at its CR LF: Swift takes "\r\n" for one Character, so the lines are
        // split where either ends one.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = index + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty { continue }
            let words3 = Action.allCases.map(\.rawValue).joined(separator: ", ")
            guard words.count == 2, let id = Int64(words[0]), let action = Action(rawValue: words[1].lowercased()) else {
                throw ReelFailure(.dataError, "\(path):\(line): expected 'SESSION ACTION' with ACTION one of \(words3)")
            }
            if let first = seen[id] {
                throw ReelFailure(.dataError, "\(path):\(line): session \(id) is decided twice (first on line \(first))")
            }
            seen[id] = line
            entries.append((id, action, line))
        }
    }

    /// The file's text: a regular file of at most `byteLimit` bytes of UTF-8. A FIFO, a device
    /// (`/dev/zero` never ends) or a folder is refused by its kind before anything is read.
    private static func read(_ path: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == ENOENT ? "no such decisions file" : "cannot read it (\(String(cString: strerror(errno))))"
            throw ReelFailure(.noInput, "\(path): \(reason)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind: String
            switch info.st_mode & S_IFMT {
            case S_IFIFO: kind = "a FIFO"
            case S_IFCHR: kind = "a character device"
            case S_IFBLK: kind = "a block device"
            case S_IFDIR: kind = "a folder"
            case S_IFSOCK: kind = "a socket"
            default: kind = "no regular file"
            }
            throw ReelFailure(.usage, "\(path): is \(kind), not a decisions file; give a file of 'SESSION ACTION' lines")
        }
        guard Int(info.st_size) <= byteLimit else {
            throw ReelFailure(
                .dataError, "\(path): larger than \(byteLimit >> 20) MiB; a decisions file holds one short line per session")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReelFailure(.noInput, "\(path): cannot read it (\(String(cString: strerror(errno))))")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: byteLimit + 1) ?? Data()
        guard data.count <= byteLimit else {
            throw ReelFailure(
                .dataError, "\(path): larger than \(byteLimit >> 20) MiB; a decisions file holds one short line per session")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ReelFailure(.dataError, "\(path): not UTF-8 text") }
        return text
    }

    /// The sessions with `action`, ascending.
    func sessions(_ action: Action) -> [Int64] { entries.filter { $0.action == action }.map(\.sessionID).sorted() }
}
