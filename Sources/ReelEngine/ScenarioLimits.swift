/// The bounds a scenario spec must keep, wherever it comes from: an inline spec in a stream or an
/// engine request is as untrusted as the touches. Checked by `ScenarioSpec.decode(json:)`, the one
/// way a spec is read (streams, scenario files, `reel engine serve` requests, every replay of a
/// stored spec), so a spec within them is all any entry point simulates.
///
/// A real hierarchy names a handful of controllers; the engine puts a few views on screen per
/// controller, and renders them in every frame, so controllers bound the views of each frame
/// (views x frames is bounded in all by `Engine.maximumFrameViews`). A 17 KB stream presenting
/// 2,000 controllers recorded 28.8 M frame views in 4 GB; a million fit in one line.
public enum ScenarioLimits {
    /// The most controllers of `hierarchy.controllers` (a navigation stack, tabs, a split's
    /// columns) and of `action.stack` each.
    public static let maxControllers = 64
    /// The most controllers already presented (`hierarchy.presented`): each is presented by the
    /// one before; UIKit apps present a few at a time.
    public static let maxPresented = 16
    /// The longest controller name, in UTF-8 bytes: names become view keys in every frame.
    public static let maxNameBytes = 256

    /// Why `spec` breaks a limit, as the field and the reason (nil when it keeps them all), e.g.
    /// `("hierarchy.presented", "2000 controllers is more than 16 (ScenarioLimits.maxPresented)")`.
    public static func violation(_ spec: ScenarioSpec) -> (field: String, reason: String)? {
        let lists: [(String, [String], Int, String)] = [
            ("hierarchy.controllers", spec.hierarchy.controllers, maxControllers, "maxControllers"),
            ("hierarchy.presented", spec.hierarchy.presented ?? [], maxPresented, "maxPresented"),
            ("action.stack", spec.action.stack ?? [], maxControllers, "maxControllers"),
        ]
        for (field, names, limit, limitName) in lists {
            guard names.count <= limit else {
                return (field, "\(names.count) controllers is more than \(limit) (ScenarioLimits.\(limitName))")
            }
            if let index = names.firstIndex(where: { $0.utf8.count > maxNameBytes }) {
                return (
                    "\(field).\(index)",
                    "a name of \(names[index].utf8.count) bytes is longer than \(maxNameBytes) (ScenarioLimits.maxNameBytes)"
                )
            }
        }
        for (field, name) in [
            ("hierarchy.contextDefiner", spec.hierarchy.contextDefiner), ("action.target", spec.action.target),
            ("action.source", spec.action.source),
        ] {
            if let name, name.utf8.count > maxNameBytes {
                return (field, "a name of \(name.utf8.count) bytes is longer than \(maxNameBytes) (ScenarioLimits.maxNameBytes)")
            }
        }
        return nil
    }
}

/// The coding path of a `ScenarioLimits` violation (`hierarchy.presented`), for the decoding error.
struct SpecFieldKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
