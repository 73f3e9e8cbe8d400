/// One call of a session's lifecycle as the diff compares it: who was called and the call's
/// name, its arguments left out. The event `B` `viewWillAppear(true)` of kind "lifecycle" makes
/// the call `B.viewWillAppear`.
///
/// The store hands the replay's diff the recorded calls as these values (one per stored event of
/// a lifecycle kind, `eventKinds`), and the diff compares them with the replayed trace's events.
///
/// ```swift
/// let call = LifecycleCall(subject: "B", detail: "viewWillAppear(true)")
/// call.name  // "viewWillAppear"
/// call.text  // "B.viewWillAppear"
/// ```
package struct LifecycleCall: Sendable, Hashable {
    /// The event kinds whose order and set make up a session's lifecycle.
    package static let eventKinds = ["lifecycle", "transition", "presentation"]

    /// Who was called: "B", "nav", ...
    package var subject: String
    /// The call without its arguments: the event's detail up to its first "(" (all of it when it has none).
    package var name: String

    package init(subject: String, name: String) {
        self.subject = subject
        self.name = name
    }

    /// The call an event of `subject` and `detail` makes: `detail`'s UTF-8 bytes up to its first "(".
    package init(subject: String, detail: String) {
        self.subject = subject
        name = String(decoding: detail.utf8.prefix { $0 != UInt8(ascii: "(") }, as: UTF8.self)
    }

    /// The call `event` makes, nil when its kind is not a lifecycle kind.
    package init?(_ event: TraceEvent) {
        guard Self.eventKinds.contains(event.kind) else { return nil }
        self.init(subject: event.subject, detail: event.detail)
    }

    /// "B.viewWillAppear": how divergences name the call.
    package var text: String { subject + "." + name }
}
