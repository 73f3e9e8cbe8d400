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
        guard FileManager.default.fileExists(atPath: path) else {
            throw ReelFailure(.noInput, "\(path): no such decisions file")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard data.count <= Self.byteLimit else {
            throw ReelFailure(
                .dataError, "\(path): larger than \(Self.byteLimit >> 20) MiB; a decisions file holds one short line per session")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ReelFailure(.dataError, "\(path): not UTF-8 text") }
        var seen: [Int64: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
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

    /// The sessions with `action`, ascending.
    func sessions(_ action: Action) -> [Int64] { entries.filter { $0.action == action }.map(\.sessionID).sorted() }
}
