extension ScenarioCatalog {
    /// What `reel scenarios` tells people about a scenario: its summary, with the tutorials the
    /// engine transcribes named by their public source. The stored `summary` cannot change: it is
    /// part of the scenario spec whose canonical JSON identifies recorded sessions (their content
    /// hash), so rewording it would record the same gestures twice. docs/ENGINE.md keeps the
    /// detailed sources (seed files and lines).
    public static func description(of spec: ScenarioSpec) -> String {
        descriptions[spec.name] ?? spec.summary
    }

    private static let descriptions: [String: String] = [
        "nav.push-zoom": "Tap pushes B with a snapshot zoom (an iOS 7 push/pop tutorial; spring 0.55)",
        "nav.pop-zoom": "Tap pops B with the snapshot zoom back to the source image (an iOS 7 push/pop tutorial)",
        "modal.bounce-present":
            "Tap presents B with a bounce (onevcat's iOS 7 transitions, 2013: 0.8 s spring, damping 0.6, from one screen below)",
        "modal.swipe-dismiss":
            "Pan down dismisses B (onevcat's swipe-to-dismiss, 2013: translation.y / 400 > 0.5, completionSpeed 1 - p)",
        "sheet.present":
            "Tap presents a mail-style sheet (an iOS 8 UIPresentationController tutorial, 2016: dimming 0.4, presenter 0.90, inset 100 pt)",
        "sheet.drag-dismiss": "Drag the mail-style sheet down to dismiss (dy / view height > 0.4)",
        "sheet.detents":
            "Drag a system sheet (UISheetPresentationController, iOS 15+) between its medium and large detents or down to dismiss (projection at 0.99, closest detent, one further at 1000 pt/s)",
        "sheet.detents-modal":
            "Drag a modal system sheet (isModalInPresentation): it rubber-bands below medium, reports the dismissal attempt and springs back",
        "sheet.scroll-handoff":
            "Scroll a system sheet's content (prefersScrollingExpandsWhenScrolledToEdge): down, the content reaches its top before the sheet moves; up, the sheet expands first",
        "container.crossfade": "A custom container swaps A for B with a 0.3 s cross dissolve (onevcat's iOS 7 transitions, 2013)",
    ]
}
