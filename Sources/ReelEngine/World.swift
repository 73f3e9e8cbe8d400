import ReelJSON
import ReelTrace

/// A presentation on screen: who presented whom, in which effective style.
struct Presentation: Sendable, Hashable {
    var presented: String
    var presenter: String
    var style: PresentationStyle
    /// The presented view's frame.
    var frame: Rect
    /// The views the presentation took off screen (shouldRemovePresentersView), restored on dismissal.
    var removedViews: [StageView]
}

/// The view-controller hierarchy and the window's views.
struct World: Sendable {
    /// "navigation", "tab", "split", "custom" or "none".
    var containerKind: String
    /// The root controller's name: "nav", "tab", "split", "container", or the plain root.
    var rootName: String
    /// The container's children (the navigation stack, tabs, split columns, custom child).
    var children: [String]
    var selectedTab: Int
    var presentations: [Presentation] = []
    var contextDefiner: String?
    /// Controllers whose view is loaded (viewDidLoad already called), in load order.
    var loaded: [String] = []
    var stage = Stage()
    let bounds: Rect
    let sizeClass: SizeClass
    let tabBarHeight: Double
    let splitPrimaryWidth: Double

    static func viewKey(_ controller: String) -> String { controller + ".view" }

    /// The root container's names for each container kind.
    static func rootName(for kind: String, controllers: [String]) -> String {
        switch kind {
        case "navigation": "nav"
        case "tab": "tab"
        case "split": "split"
        case "custom": "container"
        default: controllers.first ?? "root"
        }
    }

    /// Whether the split shows both columns (regular width) or collapses to one navigation stack.
    var splitIsExpanded: Bool { containerKind == "split" && sizeClass == .regular }

    /// The frame of a container child's view.
    func childFrame(_ name: String) -> Rect {
        switch containerKind {
        case "tab": return Rect(x: 0, y: 0, w: bounds.w, h: bounds.h - tabBarHeight)
        case "split" where splitIsExpanded:
            if name == children.first { return Rect(x: 0, y: 0, w: splitPrimaryWidth, h: bounds.h) }
            return Rect(x: splitPrimaryWidth, y: 0, w: bounds.w - splitPrimaryWidth, h: bounds.h)
        default: return bounds
        }
    }

    /// The controllers whose views are on screen in the root hierarchy, back to front.
    var visibleRootChildren: [String] {
        switch containerKind {
        case "navigation", "custom": children.last.map { [$0] } ?? []
        case "tab": children.indices.contains(selectedTab) ? [children[selectedTab]] : []
        case "split": splitIsExpanded ? children : (children.last.map { [$0] } ?? [])
        default: children.first.map { [$0] } ?? []
        }
    }

    /// The top-most controller the user sees.
    var topController: String {
        if let last = presentations.last { return last.presented }
        return visibleRootChildren.last ?? rootName
    }

    mutating func markLoaded(_ name: String) -> Bool {
        if loaded.contains(name) { return false }
        loaded.append(name)
        return true
    }

    /// The parent of a controller in the root hierarchy (nil for the root and presented ones).
    func parent(of name: String) -> String? {
        if containerKind != "none", children.contains(name) { return rootName }
        return nil
    }

    /// The controllers a removal of `presenter`'s views takes away: its subtree.
    func subtree(of presenter: String) -> [String] {
        if presenter == rootName { return [rootName] + children }
        return [presenter]
    }

    /// The final hierarchy as canonical JSON: root, container children, selection, presented
    /// chain and the window's views back to front; with `listingHidden`, the hidden ones among
    /// them under "hidden" (left out when none is hidden).
    func hierarchyJSON(listingHidden: Bool) -> String {
        var root: [JSONMember] = [
            JSONMember("name", .string(rootName)),
            JSONMember("kind", .string(containerKind)),
        ]
        if containerKind != "none" { root.append(JSONMember("children", .array(children.map { .string($0) }))) }
        if containerKind == "tab" { root.append(JSONMember("selected", .number(Double(selectedTab)))) }
        let presented: [JSONValue] = presentations.map {
            .object([
                JSONMember("presented", .string($0.presented)), JSONMember("presenter", .string($0.presenter)),
                JSONMember("style", .string($0.style.rawValue)),
            ])
        }
        var fields: [JSONMember] = [
            JSONMember("root", .object(root)),
            JSONMember("presented", .array(presented)),
            JSONMember("views", .array(stage.views.map { .string($0.key) })),
        ]
        let hidden = stage.views.filter(\.hidden).map { JSONValue.string($0.key) }
        if listingHidden, !hidden.isEmpty { fields.append(JSONMember("hidden", .array(hidden))) }
        return JSONWriter.text(of: .object(fields), sortedKeys: true, numberStyle: .fingerprint)
    }
}
