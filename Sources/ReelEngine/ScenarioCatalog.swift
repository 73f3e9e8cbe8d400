/// The named scenarios `reel scenarios` lists.
public enum ScenarioCatalog {
    /// Every catalog scenario, sorted by name.
    public static var all: [ScenarioSpec] { specs }

    /// The scenario with that name, nil when there is none.
    public static func named(_ name: String) -> ScenarioSpec? { specs.first { $0.name == name } }

    private static let nav2 = HierarchySpec(container: "navigation", controllers: ["A", "B"])
    private static let nav1 = HierarchySpec(container: "navigation", controllers: ["A"])
    private static let tap = TriggerSpec(kind: .tap)

    private static func present(
        _ name: String, _ style: String, _ summary: String, hierarchy: HierarchySpec = nav1, animator: AnimatorKind = .system
    ) -> ScenarioSpec {
        ScenarioSpec(
            name: name, summary: summary, hierarchy: hierarchy,
            action: ActionSpec(kind: .present, target: "B", source: "A", style: style), animator: animator, trigger: tap)
    }

    private static func library(_ animator: AnimatorKind) -> ScenarioSpec {
        ScenarioSpec(
            name: "nav.push-\(animator.rawValue)", summary: "Push with VCTransitionsLibrary's \(animator.rawValue) animation, on a tap",
            hierarchy: nav1, action: ActionSpec(kind: .push, target: "B"), animator: animator, trigger: tap)
    }

    /// A page sheet with detents, already presented, dragged by its interaction `interaction`. The
    /// trigger tells the synthesizer which way to drag and how far: up from medium for the detents
    /// (the medium/large boundary and the high-speed rule), down for the modal sheet (its refused
    /// dismissal, reported from a 60 pt drag) and the scroll hand-off (300 pt of content, then the sheet down to dismissal).
    private static func detents(_ name: String, _ interaction: InteractionKind, _ summary: String) -> ScenarioSpec {
        ScenarioSpec(
            name: name, summary: summary, hierarchy: HierarchySpec(container: "navigation", controllers: ["A"], presented: ["B"]),
            action: ActionSpec(kind: .dismiss, style: "pageSheet"), interaction: interaction,
            trigger: TriggerSpec(
                kind: .pan, direction: interaction == .sheetDetents ? .up : .down,
                extent: [.sheetDetents: 400, .sheetDetentsModal: 150, .sheetScrollHandoff: 700][interaction]))
    }

    private static let specs: [ScenarioSpec] = [
        ScenarioSpec(
            name: "nav.push", summary: "Tap pushes B with the system slide (A 30% behind, dimmed)",
            hierarchy: nav1, action: ActionSpec(kind: .push, target: "B"), trigger: tap),
        ScenarioSpec(
            name: "nav.pop", summary: "Tap pops B with the system slide",
            hierarchy: nav2, action: ActionSpec(kind: .pop), trigger: tap),
        ScenarioSpec(
            name: "nav.pop-to-root", summary: "Tap pops to the root of a three-deep stack",
            hierarchy: HierarchySpec(container: "navigation", controllers: ["A", "B", "C"]), action: ActionSpec(kind: .popToRoot),
            trigger: tap),
        ScenarioSpec(
            name: "nav.interactive-pop", summary: "Left-edge back-swipe pops B with UIKit's decision rule",
            hierarchy: nav2, action: ActionSpec(kind: .pop), interaction: .backSwipe,
            trigger: TriggerSpec(kind: .edgePan, edge: .left)),
        // iOS 26 navigation (issue 20).
        ScenarioSpec(
            name: "nav.content-swipe-pop",
            summary: "Back swipe from anywhere in the content pops B (iOS 26 content pop; the edge recognizer keeps edge touches)",
            hierarchy: nav2, action: ActionSpec(kind: .pop), interaction: .contentPop,
            trigger: TriggerSpec(kind: .pan, direction: .right), contentScroll: ContentScrollSpec(offset: 0, contentWidth: 1200)),
        ScenarioSpec(
            name: "nav.interrupt-push",
            summary: "Tap pushes B; a back swipe landing at the edge mid-push catches it and drives it back (iOS 26 interruptible)",
            hierarchy: nav1, action: ActionSpec(kind: .push, target: "B"), interaction: .backSwipe, trigger: tap),
        ScenarioSpec(
            name: "nav.push-zoom", summary: "Tap pushes B with seed 001's snapshot zoom (spring 0.55)",
            hierarchy: nav1, action: ActionSpec(kind: .push, target: "B"), animator: .zoom, trigger: tap),
        ScenarioSpec(
            name: "nav.pop-zoom", summary: "Tap pops B with seed 001's snapshot zoom back to the source image",
            hierarchy: nav2, action: ActionSpec(kind: .pop), animator: .zoom, trigger: tap),
        ScenarioSpec(
            name: "nav.vertical-swipe-pop", summary: "Vertical swipe down pops B (MDTransitioning, progress ty / height > 0.25)",
            hierarchy: nav2, action: ActionSpec(kind: .pop), interaction: .verticalSwipePop,
            trigger: TriggerSpec(kind: .pan, direction: .down, threshold: 0.25)),
        ScenarioSpec(
            name: "nav.segue-push", summary: "Tap performs a show segue (shouldPerform, prepare) that pushes B",
            hierarchy: nav1, action: ActionSpec(kind: .push, target: "B"), trigger: tap, segue: "showDetail"),
        ScenarioSpec(
            name: "nav.unwind", summary: "Tap unwinds from B to A through an unwind segue",
            hierarchy: nav2, action: ActionSpec(kind: .pop), trigger: tap, segue: "unwindToA"),
        library(.cards), library(.cube), library(.crossfade), library(.flip), library(.fold), library(.portal),
        ScenarioSpec(
            name: "modal.bounce-present",
            summary: "Tap presents B with seed 000's bounce (0.8 s spring, damping 0.6, from one screen below)",
            hierarchy: nav1, action: ActionSpec(kind: .present, target: "B", source: "A", style: "fullScreen"), animator: .bounce,
            trigger: tap),
        ScenarioSpec(
            name: "modal.swipe-dismiss", summary: "Pan down dismisses B (seed 000: translation.y / 400 > 0.5, completionSpeed 1 - p)",
            hierarchy: HierarchySpec(container: "navigation", controllers: ["A"], presented: ["B"]),
            action: ActionSpec(kind: .dismiss, style: "fullScreen"), animator: .bounce, interaction: .swipeDismiss,
            trigger: TriggerSpec(kind: .pan, direction: .down, extent: 400, threshold: 0.5)),
        ScenarioSpec(
            name: "modal.pinch-dismiss", summary: "Pinch in dismisses B (p = 1 - scale, finish above 0.5)",
            hierarchy: HierarchySpec(container: "navigation", controllers: ["A"], presented: ["B"]),
            action: ActionSpec(kind: .dismiss, style: "overFullScreen"), animator: .shrink, interaction: .pinchDismiss,
            trigger: TriggerSpec(kind: .pinch, threshold: 0.5)),
        ScenarioSpec(
            name: "sheet.present", summary: "Tap presents seed 003's mail sheet (dimming 0.4, presenter 0.90, inset 100 pt)",
            hierarchy: nav1, action: ActionSpec(kind: .present, target: "B", source: "A", style: "custom"), animator: .sheet, trigger: tap
        ),
        ScenarioSpec(
            name: "sheet.drag-dismiss", summary: "Drag the seed 003 sheet down to dismiss (dy / view height > 0.4)",
            hierarchy: HierarchySpec(container: "navigation", controllers: ["A"], presented: ["B"]),
            action: ActionSpec(kind: .dismiss, style: "custom"), animator: .sheet, interaction: .sheetDrag,
            trigger: TriggerSpec(kind: .pan, direction: .down, threshold: 0.4)),
        detents("sheet.detents", .sheetDetents, "Drag a system sheet between its medium and large detents, or down to dismiss"),
        detents(
            "sheet.detents-modal", .sheetDetentsModal, "Drag a modal system sheet (isModalInPresentation): it resists and springs back"),
        detents(
            "sheet.scroll-handoff", .sheetScrollHandoff, "Scroll a sheet's content: at its top edge a downward drag moves the sheet"),
        ScenarioSpec(
            name: "image.drag-dismiss",
            summary: "Drag an image viewer down to dismiss (MDTransitioning, |translation| / 200 > 0.5, then an animated dismissal)",
            hierarchy: HierarchySpec(container: "navigation", controllers: ["A"], presented: ["B"]),
            action: ActionSpec(kind: .dismiss, style: "overFullScreen"), animator: .crossDissolve, interaction: .imageDrag,
            trigger: TriggerSpec(kind: .pan, direction: .down, extent: 200, threshold: 0.5)),
        ScenarioSpec(
            name: "container.crossfade", summary: "Seed 000's custom container swaps A for B with a 0.3 s cross dissolve",
            hierarchy: HierarchySpec(container: "custom", controllers: ["A"]),
            action: ActionSpec(kind: .swapChild, target: "B", addsChild: true), trigger: tap),
        ScenarioSpec(
            name: "tab.switch", summary: "Tap selects tab B with a cross dissolve supplied by the tab delegate",
            hierarchy: HierarchySpec(container: "tab", controllers: ["A", "B"], selected: 0),
            action: ActionSpec(kind: .selectTab, target: "B"), animator: .tabCrossDissolve, trigger: tap),
        ScenarioSpec(
            name: "split.show-detail", summary: "Tap shows B as detail: a push when collapsed (compact), a column swap when regular",
            hierarchy: HierarchySpec(container: "split", controllers: ["M", "A"]), action: ActionSpec(kind: .showDetail, target: "B"),
            trigger: tap),
        present("present.full-screen", "fullScreen", "Tap presents B full screen (cover vertical); the presenter's views leave the window"),
        present("present.over-full-screen", "overFullScreen", "Tap presents B over full screen; the presenter's views stay"),
        present(
            "present.current-context", "currentContext", "Tap presents B in A's context (A defines it); A's view leaves, the tab bar stays",
            hierarchy: HierarchySpec(container: "tab", controllers: ["A", "C"], contextDefiner: "A")),
        present(
            "present.over-current-context", "overCurrentContext", "Tap presents B over A's context; A's view stays",
            hierarchy: HierarchySpec(container: "tab", controllers: ["A", "C"], contextDefiner: "A")),
        present("present.page-sheet", "pageSheet", "Tap presents B as a page sheet (card in compact width)"),
        present("present.form-sheet", "formSheet", "Tap presents B as a form sheet (card in compact, centred in regular)"),
        present("present.popover", "popover", "Tap presents B as a popover (adapts in compact width)"),
        present("present.custom", "custom", "Tap presents B with a custom presentation controller (dimming alongside)"),
        present("present.automatic", "automatic", "Tap presents B with the automatic style (page sheet since iOS 13)"),
        ScenarioSpec(
            name: "present.cross-dissolve", summary: "Tap presents B full screen with the crossDissolve transition style",
            hierarchy: nav1,
            action: ActionSpec(kind: .present, target: "B", source: "A", style: "fullScreen", transitionStyle: "crossDissolve"),
            trigger: tap),
        ScenarioSpec(
            name: "present.flip-horizontal", summary: "Tap presents B full screen with the flipHorizontal transition style",
            hierarchy: nav1,
            action: ActionSpec(kind: .present, target: "B", source: "A", style: "fullScreen", transitionStyle: "flipHorizontal"),
            trigger: tap),
        ScenarioSpec(
            name: "present.partial-curl", summary: "Tap presents B full screen with the partialCurl transition style",
            hierarchy: nav1,
            action: ActionSpec(kind: .present, target: "B", source: "A", style: "fullScreen", transitionStyle: "partialCurl"), trigger: tap
        ),
        // iOS 18 system zoom transition (docs/ENGINE.md, "System zoom transition (iOS 18)").
        ScenarioSpec(
            name: "zoom.push", summary: "Tap pushes B with the iOS 18 zoom transition (grows from the source view, content behind dims)",
            hierarchy: nav1, action: ActionSpec(kind: .push, target: "B"), animator: .systemZoom, trigger: tap),
        ScenarioSpec(
            name: "zoom.dismiss-drag", summary: "Drag a zoomed B down: it follows and shrinks, then zooms into the source or springs back",
            hierarchy: nav2, action: ActionSpec(kind: .pop), animator: .systemZoom, interaction: .zoomDismiss,
            trigger: TriggerSpec(kind: .pan, direction: .down, extent: 400, threshold: 0.25)),
        ScenarioSpec(
            name: "zoom.dismiss-pinch",
            summary: "Pinch a zoomed B closed: it shrinks with the fingers, then zooms into the source or springs back",
            hierarchy: nav2, action: ActionSpec(kind: .pop), animator: .systemZoom, interaction: .zoomDismiss,
            trigger: TriggerSpec(kind: .pinch, extent: 45, threshold: 0.25)),
        ScenarioSpec(
            name: "zoom.present",
            summary: "Tap presents B full screen with the iOS 18 zoom transition (grows from the source view, content behind dims)",
            hierarchy: nav1, action: ActionSpec(kind: .present, target: "B", source: "A", style: "fullScreen"), animator: .systemZoom,
            trigger: tap),
        ScenarioSpec(
            name: "zoom.dismiss-presented",
            summary: "Drag a zoom-presented B down: it follows and shrinks, then zooms into the source or springs back",
            hierarchy: HierarchySpec(container: "navigation", controllers: ["A"], presented: ["B"]),
            action: ActionSpec(kind: .dismiss, style: "fullScreen"), animator: .systemZoom, interaction: .zoomDismiss,
            trigger: TriggerSpec(kind: .pan, direction: .down, extent: 400, threshold: 0.25)),
        ScenarioSpec(
            name: "zoom.dismiss-edge",
            summary: "Edge swipe on a zoomed B: it follows and shrinks, then zooms into the source or springs back",
            hierarchy: nav2, action: ActionSpec(kind: .pop), animator: .systemZoom, interaction: .zoomDismiss,
            trigger: TriggerSpec(kind: .edgePan, edge: .left, extent: 400, threshold: 0.25)),
        ScenarioSpec(
            name: "modal.dismiss", summary: "Tap dismisses a full-screen B (cover vertical down); A's views come back",
            hierarchy: HierarchySpec(container: "navigation", controllers: ["A"], presented: ["B"]),
            action: ActionSpec(kind: .dismiss, style: "fullScreen"), trigger: tap),
    ].sorted { $0.name < $1.name }
}
