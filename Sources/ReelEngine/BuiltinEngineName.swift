/// The name an archive stores for this build's engine: `reel-builtin`, or `reel-builtin+LABEL` when
/// it ran a labelled profile (`--engine tuned.json` is stored as `reel-builtin+tuned`), so archives
/// show which profile produced a trace; the fingerprint tells profiles apart in any case. Built here
/// and read here, so the replayer that writes it and the report that recognises it agree.
package struct BuiltinEngineName: Sendable, Hashable {
    /// The profile's label, nil for the plain built-in profile.
    package var label: String?

    package init(label: String? = nil) {
        self.label = label
    }

    /// The name of this build's engine in `stored`, nil when it names another engine.
    package init?(parsing stored: String) {
        if stored == Engine.name {
            label = nil
        } else if stored.hasPrefix(Engine.name + "+") {
            label = String(stored.dropFirst(Engine.name.count + 1))
        } else {
            return nil
        }
    }

    /// The stored form.
    package var text: String { label.map { Engine.name + "+" + $0 } ?? Engine.name }
}
