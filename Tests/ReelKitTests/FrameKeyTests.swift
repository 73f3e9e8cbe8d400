import ReelKit
import ReelTrace
import Testing

/// The keys of a frame's views (docs/KIT.md, "Traces"): a key an earlier view of the same frame
/// already has gets `#2`, `#3`, ... (the smallest number that makes it unused), in back-to-front
/// order; small frames and frames of more than 16 views follow the same rule.
@Suite struct FrameKeyTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let tap = [Touch(t: 0, id: 0, phase: .began, x: 195, y: 422), Touch(t: 0.1, id: 0, phase: .ended, x: 195, y: 422)]

    /// A scene whose root view ("root.view") holds views named `identifiers`, back to front, the
    /// first of them with a subview named `inner`; a tap moves the first view, so frames are rendered.
    static func scene(_ identifiers: [String], inner: String) -> ReelKitScene {
        ReelKitScene(name: "keys", trigger: TriggerSpec(kind: .tap)) { window in
            let root = UIViewController()
            root.restorationIdentifier = "root"
            window.rootViewController = root
            window.makeKeyAndVisible()
            var first: UIView?
            for (index, identifier) in identifiers.enumerated() {
                let view = UIView(frame: CGRect(x: Double(index), y: 0, width: 10, height: 10))
                view.accessibilityIdentifier = identifier
                root.view.addSubview(view)
                if first == nil {
                    first = view
                    let child = UIView(frame: CGRect(x: 1, y: 1, width: 2, height: 2))
                    child.accessibilityIdentifier = inner
                    view.addSubview(child)
                }
            }
            let moved = first
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in UIView.animate(withDuration: 0.1) { moved?.center.y += 50 } }
            root.view.addGestureRecognizer(tap)
        }
    }

    /// The rule, written out: each name in order keeps itself if unused, else takes `#n` with the
    /// smallest n >= 2 that is unused.
    static func expectedKeys(_ names: [String]) -> [String] {
        var used: Set<String> = []
        var keys: [String] = []
        for name in names {
            var key = name
            if used.contains(key) {
                var number = 2
                while used.contains("\(name)#\(number)") { number += 1 }
                key = "\(name)#\(number)"
            }
            used.insert(key)
            keys.append(key)
        }
        return keys
    }

    static func keys(_ identifiers: [String], inner: String) throws -> [[String]] {
        let scene = Self.scene(identifiers, inner: inner)
        let trace = try ReelKitEngine(scenes: [scene], name: "keys", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: 60, touches: tap, outcomeHierarchy: false)
        return trace.frames.map { $0.views.map(\.key) }
    }

    @Test func repeatedKeysOfASmallFrameAreNumbered() throws {
        // root.view, then "a" and its subview "a", then "a#2" (its own identifier), "a", "b", "a".
        let identifiers = ["a", "a#2", "a", "b", "a"]
        let frames = try Self.keys(identifiers, inner: "a")
        let names = ["root.view", "a", "a", "a#2", "a", "b", "a"]
        #expect(!frames.isEmpty)
        for keys in frames { #expect(keys == Self.expectedKeys(names)) }
        #expect(frames.first == ["root.view", "a", "a#2", "a#2#2", "a#3", "b", "a#4"])
    }

    @Test func repeatedKeysOfAFrameOfMoreThanSixteenViewsAreNumbered() throws {
        // 24 views: "tile" x 20 with an explicit "tile#7" among them, a subview "tile" in the first.
        var identifiers = Array(repeating: "tile", count: 23)
        identifiers.insert("tile#7", at: 18)
        let frames = try Self.keys(identifiers, inner: "tile")
        let names = ["root.view", "tile", "tile"] + identifiers.dropFirst()
        #expect(!frames.isEmpty)
        for keys in frames {
            #expect(keys.count == 26)
            #expect(keys == Self.expectedKeys(names))
            #expect(Set(keys).count == keys.count)
        }
        // The explicit "tile#7" comes after the seventh "tile" took that key.
        #expect(frames.first?[20] == "tile#7#2")
    }
}
