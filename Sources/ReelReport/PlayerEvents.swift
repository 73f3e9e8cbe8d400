import ReelDiff
import ReelTrace

/// Which events of a session the player highlights as divergent.
///
/// Events are compared by track: the lifecycle calls (`TraceDiff.lifecycleKinds`, the sequence
/// the replay's diff compares) form one track, every other kind (gesture states, interaction
/// commands, ...) its own. The n-th event of a track is divergent when the other side's n-th
/// event of that track has another subject or detail, or is missing.
enum PlayerEvents {
    /// Indices into `recorded.events` and `replayed.events` of the divergent events.
    static func divergent(recorded: [TraceEvent], replayed: [TraceEvent]) -> (recorded: Set<Int>, replayed: Set<Int>) {
        let left = tracks(recorded)
        let right = tracks(replayed)
        var marked: (recorded: Set<Int>, replayed: Set<Int>) = ([], [])
        for track in Set(left.keys).union(right.keys) {
            let a = left[track] ?? []
            let b = right[track] ?? []
            for position in 0..<max(a.count, b.count) {
                let x = position < a.count ? recorded[a[position]] : nil
                let y = position < b.count ? replayed[b[position]] : nil
                guard x?.subject != y?.subject || x?.detail != y?.detail else { continue }
                if position < a.count { marked.recorded.insert(a[position]) }
                if position < b.count { marked.replayed.insert(b[position]) }
            }
        }
        return marked
    }

    /// Without a replayed trace: the recorded lifecycle call a stored `lifecycle` divergence
    /// names (its property is `event[N]`, N counting lifecycle calls from 0).
    static func divergent(recorded: [TraceEvent], storedLifecycleProperty property: String?) -> Set<Int> {
        guard let property, property.hasPrefix("event["), property.hasSuffix("]"),
            let position = Int(property.dropFirst("event[".count).dropLast()),
            let track = tracks(recorded)[lifecycleTrack], position < track.count
        else { return [] }
        return [track[position]]
    }

    private static let lifecycleTrack = "lifecycle calls"

    /// Event indices by track, in order.
    private static func tracks(_ events: [TraceEvent]) -> [String: [Int]] {
        var tracks: [String: [Int]] = [:]
        for (index, event) in events.enumerated() {
            tracks[TraceDiff.lifecycleKinds.contains(event.kind) ? lifecycleTrack : event.kind, default: []].append(index)
        }
        return tracks
    }
}
