import ReelTrace

extension World {
    /// The hierarchy and window before the session: the spec's container with its visible
    /// children on screen (already-presented controllers are added by the simulation).
    static func initial(spec: ScenarioSpec, device: Device, profile: EngineProfile) throws -> World {
        let h = spec.hierarchy
        guard ["navigation", "tab", "split", "custom", "none"].contains(h.container) else {
            throw EngineError("unknown container '\(h.container)'")
        }
        guard !h.controllers.isEmpty else { throw EngineError("the hierarchy needs at least one controller") }
        var world = World(
            containerKind: h.container, rootName: rootName(for: h.container, controllers: h.controllers),
            children: h.container == "none" ? [] : h.controllers, selectedTab: h.selected ?? 0,
            contextDefiner: h.contextDefiner, bounds: Rect(x: 0, y: 0, w: device.width, h: device.height),
            sizeClass: device.horizontalSizeClass, tabBarHeight: profile.number(.tabBarHeight),
            splitPrimaryWidth: profile.number(.splitPrimaryWidth))
        if h.container == "none" { world.rootName = h.controllers[0] }
        if h.container == "tab", !h.controllers.indices.contains(world.selectedTab) {
            throw EngineError("selected tab \(world.selectedTab) is out of range")
        }
        let visible = h.container == "none" ? [world.rootName] : world.visibleRootChildren
        for name in visible {
            world.loaded.append(name)
            world.stage.add(viewKey(name), Look(h.container == "none" ? world.bounds : world.childFrame(name)), owner: name)
        }
        if h.container == "tab" {
            let bar = Rect(x: 0, y: world.bounds.h - world.tabBarHeight, w: world.bounds.w, h: world.tabBarHeight)
            world.stage.add("tab.bar", Look(bar), owner: "tab")
        }
        return world
    }
}
