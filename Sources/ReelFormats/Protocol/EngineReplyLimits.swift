/// The bounds an engine's answer must keep, whatever engine wrote it (docs/PROTOCOL.md,
/// docs/RELIABILITY.md's limits table). The reply's bytes are bounded by `--max-reply-bytes`; these
/// bound what the bytes may describe, so that no answer makes Reel hold or intern more than a
/// real session's worth.
package enum EngineReplyLimits {
    /// The longest time, in seconds, from a trace's first frame to its last: the longest session
    /// (`GestureLimits.maxSessionSpan`, 600 s) plus the longest transition after its last touch
    /// (the engine's clock stops a transition at 600 s).
    package static let maxFrameSpan = GestureLimits.maxSessionSpan + 600

    /// The most frames one trace may hold: `maxFrameSpan` at 240 Hz (the highest refresh rate a
    /// stream may name), one frame per display tick, plus one.
    package static let maxFrames = Int(maxFrameSpan * 240) + 1

    /// The most distinct event names one trace may use. A name is an event's kind, subject and
    /// detail up to its argument (`finish(0.62)` is named `finish(...)`), the part the archive
    /// interns; the built-in engine uses about a dozen. Each distinct name costs an archive row
    /// and a lookup, so an answer inventing a new one per event is refused.
    package static let maxDistinctEventNames = 4096

    /// The longest text of the `engine` and `outcome` members, in bytes: a name, a version and a
    /// final hierarchy are a few hundred bytes; these members are built as JSON trees (about ten
    /// times their text), so they are bounded where frames and events are read element by element.
    package static let maxMemberBytes = 1 << 20

    /// The most events one trace may hold: four per frame at the most frames.
    package static let maxEvents = maxFrames * 4

    /// The most bytes one answer's frames, views, events and texts may decode to (`DecodedSize`,
    /// counted from the counts and run lengths before anything is allocated): 128 MiB holds the
    /// longest session at 120 Hz with 8 views and four events a frame (72,000 frames, 576,000 views,
    /// 288,000 events: about 103 MB). A 3 KB layout of single runs describing `maxFrames` frames of
    /// 8 views (about 390 MB decoded) is refused, as are 40 million empty texts or 15 million unused keys.
    package static let maxDecodedBytes = 128 << 20
}
