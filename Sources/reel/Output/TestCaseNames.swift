import ReelStore

/// The JUnit test case name of each judged session, unique within its classname (the scenario):
/// the session's stable name (`SessionLabel.stableName`: its external id, else its content hash's
/// prefix), with " (session ID)" added to every session whose stable name another session of the
/// same scenario shares (`reel synth --seed 1` at 60 and at 120 Hz gives the same external ids).
/// CI pages key test cases by classname and name: GitLab keeps only the first of two alike.
enum TestCaseNames {
    /// Names by session id, for `sessionIDs` in any order.
    static func unique(_ sessionIDs: [Int64], labels: [Int64: SessionLabel]) -> [Int64: String] {
        var uses: [String: [String: Int]] = [:]
        for id in sessionIDs {
            guard let label = labels[id] else { continue }
            uses[label.scenario, default: [:]][label.stableName, default: 0] += 1
        }
        var names: [Int64: String] = [:]
        for id in sessionIDs {
            guard let label = labels[id] else {
                names[id] = "session \(id)"
                continue
            }
            let shared = (uses[label.scenario]?[label.stableName] ?? 0) > 1
            names[id] = shared ? "\(label.stableName) (session \(id))" : label.stableName
        }
        return names
    }
}
