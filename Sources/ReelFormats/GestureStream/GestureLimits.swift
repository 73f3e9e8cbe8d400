/// The bounds a gesture stream's sessions must keep, whoever wrote the stream.
package enum GestureLimits {
    /// `limits.max_session_span`: the longest time, in seconds, from a session's first touch to its
    /// last. The engine renders a frame per display tick while a finger drives a transition, so
    /// the span bounds a session's frames (72,000 at 120 Hz) and with them its memory, time and
    /// archive size; a stream of a few hundred bytes holding one finger down for a day would
    /// otherwise simulate 5 million frames. Real gestures last seconds; ten minutes leaves room
    /// for any recorded interaction while keeping the worst session in the tens of megabytes.
    package static let maxSessionSpan = 600.0
}
