/// The engine's parameters, in their published order. Sources: docs/SOURCES.md and the seeds.
enum ParameterTable {
    static let curveChoices = ["linear", "default", "easeIn", "easeOut", "easeInEaseOut", "systemSpring"]
    static let policyChoices = ["uikit-backswipe", "velocity-sign", "threshold", "projection"]

    static let descriptors: [ParameterDescriptor] = [
        // Display and tap.
        num("clock.max_duration", "s", 30, "Longest simulated transition; the frame clock stops after it"),
        num("tap.max_movement", "pt", 10, "A tap fails when the finger moves farther than this from where it landed"),
        num("tap.max_duration", "s", 0.5, "A tap fails when the finger stays down longer than this"),
        // Navigation slide.
        num("nav.duration", "s", 0.35, "System push/pop slide duration (folklore: Hero 0.35, SloppySwiper 0.3)"),
        str("nav.curve", "easeInEaseOut", "Timing curve of non-interactive push/pop", curveChoices),
        num("nav.parallax", "fraction", 0.3, "The underneath view sits this fraction of the width behind (parallaxOffset = round(0.7 W))"),
        num("nav.dimming_alpha", "alpha", 0.1, "Dimming over the underneath view at full coverage (SloppySwiper 0.1 black)"),
        num(
            "nav.bar_height", "pt", 44,
            "Navigation bar height below the device's safe area top (the bar's frame: y = safe area top, this tall)"),
        num("nav.compact_bar_height", "pt", 32, "Navigation bar height in compact height (phones in landscape)"),
        str(
            "nav.bar_touch_region", "bar",
            "Where a touch landing refuses the back-swipe (UIKit's shouldReceiveTouch: the bar's bounds; 'bar-and-safe-area' also the strip above it; 'none': no refusal, 0.3.0)",
            ["bar", "bar-and-safe-area", "none"]),
        bool(
            "layout.right_to_left", true,
            "A scenario's layoutDirection rightToLeft puts the back-swipe on the right edge and mirrors the navigation slide (false ignores the field, 0.3.0)"
        ),
        // Rendering.
        bool(
            "render.clamp_alpha", true,
            "Frames store alpha clamped to 0...1 as Core Animation renders opacity (false stores a spring's overshoot, 0.3.0)"),
        bool(
            "outcome.hidden_views", true,
            "outcome.hierarchy lists the window's hidden views under \"hidden\" (the zoom push's snapshot after the push; false leaves them out, 0.3.0)"
        ),
        // Modal transition styles.
        num("modal.duration", "s", 0.4, "coverVertical / crossDissolve / partialCurl duration (UIKit's transition codes)"),
        str("modal.curve", "easeInEaseOut", "Timing curve of modal transition styles", curveChoices),
        num("modal.flip_duration", "s", 0.75, "flipHorizontal duration"),
        num("modal.flip_m34", "1/pt", -0.002, "Perspective (m34) of flipHorizontal"),
        num("modal.curl_lift", "fraction", 0.6, "partialCurl lifts the presenter's view by this fraction of the height"),
        // Seed 000: bounce present.
        num("bounce.duration", "s", 0.8, "BouncePresentAnimation duration (onevcat's iOS 7 transitions, 2013)"),
        num("bounce.damping", "ratio", 0.6, "Bounce spring damping ratio (onevcat's iOS 7 transitions, 2013)"),
        num("bounce.velocity", "1/s", 0, "Bounce initial spring velocity (whole distance per second)"),
        num(
            "spring.settle_epsilon", "fraction", 0.001,
            "A UIView spring of duration d, released from rest, settles within this fraction of its distance exactly at d (sets its stiffness)"
        ),
        // Seed 001: snapshot zoom.
        num("zoom.duration", "s", 0.5, "Snapshot zoom push/pop duration (an iOS 7 push/pop zoom tutorial)"),
        num("zoom.damping", "ratio", 0.55, "Snapshot zoom spring damping ratio"),
        num("zoom.velocity", "1/s", 1 / 0.55, "Snapshot zoom initial spring velocity (1/0.55)"),
        num("zoom.source_x", "pt", 20, "Tapped image frame in the source view: x"),
        num("zoom.source_y", "pt", 200, "Tapped image frame: y"),
        num("zoom.source_size", "pt", 100, "Tapped image frame: width and height"),
        num("zoom.destination_y", "pt", 100, "Destination image frame y (full width, square)"),
        // Seed 003: sheet presentation.
        num(
            "sheet.top_inset", "pt", 100,
            "Mail sheet (an iOS 8 UIPresentationController tutorial): presented frame = container bounds inset this far from the top"),
        num("sheet.dimming_alpha", "alpha", 0.4, "Mail sheet dimming view alpha when presented"),
        num("sheet.presenter_scale", "ratio", 0.9, "Mail sheet presenting view scale when presented"),
        num("sheet.dismiss_duration", "s", 0.4, "Mail sheet dismissal animation duration"),
        // System sheets and popovers.
        num("presentation.page_sheet_top", "pt", 10, "Top inset of a page/form sheet card in compact width"),
        num("presentation.regular_sheet_width", "pt", 704, "Page sheet width in regular width"),
        num("presentation.form_sheet_width", "pt", 540, "Form sheet width in regular width"),
        num("presentation.form_sheet_height", "pt", 620, "Form sheet height in regular width"),
        num("presentation.popover_size", "pt", 320, "Popover content width and height in regular width"),
        str(
            "presentation.popover_compact_style", "formSheet",
            "What a popover adapts to in compact width (iOS 13+: formSheet; older iOS: overFullScreen)", ["formSheet", "overFullScreen"]),
        str(
            "presentation.context_compact_style", "fullScreen",
            "What currentContext / overCurrentContext adapt to in compact width (Apple's View Controller Programming Guide: fullScreen; 'matching': overCurrentContext to overFullScreen; 'none': no adaptation, 0.3.0)",
            ["fullScreen", "matching", "none"]),
        num("presentation.custom_dimming_alpha", "alpha", 0.4, "Dimming alpha of the custom presentation controller"),
        // Containers.
        num("container.duration", "s", 0.3, "Custom container cross dissolve duration (onevcat's iOS 7 transitions, 2013)"),
        num("tab.duration", "s", 0.3, "Tab selection cross dissolve duration"),
        num("tab.bar_height", "pt", 83, "Tab bar height (49 pt bar + 34 pt home indicator); tab content sits above it"),
        num("split.primary_width", "pt", 320, "Primary column width of a regular-width split view"),
        // VCTransitionsLibrary family.
        num("vctl.duration", "s", 1.0, "VCTransitionsLibrary animation duration (CEReversibleAnimationController default)"),
        num("vctl.m34", "1/pt", -0.002, "Perspective of cube, flip, fold, cards"),
        num("vctl.cards_scale", "ratio", 0.8, "Cards: scale of the receding card"),
        num("vctl.portal_zoom", "ratio", 0.8, "Portal: starting scale of the revealed view"),
        // Gestures.
        str(
            "gesture.event_model", "uikit",
            "How touch lines reach the recognizers: uikit = lines with the same t are one event (one action), pans follow the centroid of their fingers and end on the last lift, a lift adds no movement or velocity sample (UIKit's UIPanGestureRecognizer); per-touch = engine 0.3 (each line an event, the first finger followed, the lift moves it)",
            ["uikit", "per-touch"]),
        str(
            "interaction.handlers", "literal",
            "Interaction controllers' gesture handlers: literal = each tutorial's, library's and UIKit's handler as written (docs/ENGINE.md fidelity table); reel-0.3 = engine 0.3's shared handler (progress at the lift, policy, a cancelled gesture cancels)",
            ["literal", "reel-0.3"]),
        num(
            "pan.hysteresis", "pt", 10,
            "A pan begins when |translation.x| or |translation.y| reaches this; removed per axis at began (per-touch: along the movement)"),
        num("pinch.hysteresis", "ratio", 0.05, "per-touch model: a pinch begins when the scale moves this far from 1"),
        num(
            "pinch.begin_distance", "pt", 8,
            "uikit model: a pinch begins when the fingers' distance changes by more than this; the initial distance moves this far towards it (UIKit's pinch recognizer)"
        ),
        num(
            "velocity.latest_weight", "fraction", 0.2,
            "Pan velocity = w x latest per-sample velocity + (1 - w) x the one before (uikit: the latest alone until there are two)"),
        num(
            "pinch.latest_weight", "fraction", 0.25,
            "Pinch velocity = w x latest + (1 - w) x previous (uikit: the latest alone while the previous is 0; UIKit's 0.25)"),
        num("velocity.min_dt", "s", 0.001, "Samples closer than this give no velocity"),
        // Back-swipe.
        num(
            "backswipe.edge_region", "pt", 13,
            "Screen-edge pan: touches must land within this distance of the left edge (the right edge in right-to-left layouts)"),
        num(
            "backswipe.edge_hysteresis", "pt", 15,
            "Screen-edge pan begins after this horizontal movement (per-touch: subtracted along it; uikit: backswipe.translation_hysteresis is removed per axis from the previous event's translation)"
        ),
        num(
            "backswipe.translation_hysteresis", "pt", 15,
            "The navigation back swipe's translation at .began has this removed per axis (_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent: _setHysteresis:15 on the simple path; 10, the pan's, in 0.6.0)"
        ),
        num("backswipe.vertical_fail_cap", "pt", 25, "Fails when |dy| >= min(cap, base + (h - base)/run x |dx|) before it begins"),
        num("backswipe.vertical_fail_base", "pt", 10, "Base of the vertical drift failure rule"),
        num("backswipe.vertical_fail_run", "pt", 25, "Horizontal travel over which the drift allowance grows by (h - base)"),
        num(
            "backswipe.max_swipe_duration", "s", 0.25,
            "Screen-edge pan fails when it has not begun this long after touch-down (UIKit's maximumSwipeDuration)"),
        num(
            "backswipe.max_progress", "fraction", 0.999,
            "Back-swipe update sent when progress reaches 1 (update(1.0) trap, UIKit's non-fluid path); reel-0.3 handlers cap every controller's updates at it"
        ),
        num(
            "interactive.max_progress", "fraction", 1,
            "Largest update a custom interaction controller sends with the literal handlers (the swipe-to-dismiss and mail sheet handlers pass their clamped fraction, up to 1)"
        ),
        num("backswipe.threshold_width", "pt", 187.5, "UIKit rule: pop iff projected progress > min(this / W, cap)"),
        num("backswipe.threshold_cap", "fraction", 0.5, "UIKit rule: cap of the progress threshold"),
        num(
            "backswipe.min_sample_interval", "s", 0.010,
            "Back-swipe velocity samples count only if this far apart (or > velocity.min_dt with movement)"),
        num("backswipe.accel_clamp", "1/s^2", 5, "Acceleration estimate changes by at most this per sample"),
        num("backswipe.sample_window", "count", 3, "Back-swipe velocity and acceleration are running means over this many samples"),
        num(
            "backswipe.min_samples", "count", 3,
            "Samples needed for the augmented rule; fewer: pop iff v > 0 (literal handlers: the mean velocity, the .began sample counting)"),
        bool(
            "backswipe.final_sample", true,
            "Literal handlers: .ended offers the statistics a sample at the lift's time with the last move's translation and velocity (UIKit's final sample); false: the lift's time never enters the decision"
        ),
        str("backswipe.policy", "uikit-backswipe", "Back-swipe completion policy", policyChoices),
        num("backswipe.threshold", "fraction", 0.5, "Progress threshold when backswipe.policy = threshold"),
        str("backswipe.completion_curve", "linear", "Curve of the finishing/cancelling back-swipe animation", curveChoices),
        bool("backswipe.velocity_handoff", true, "Remaining time = min(T, remaining distance / |v|)"),
        // Percent-driven.
        str("interactive.completion_curve", "easeInEaseOut", "UIPercentDrivenInteractiveTransition completionCurve", curveChoices),
        num("interactive.completion_speed", "ratio", 1, "Default completionSpeed (values <= 0 read as 1)"),
        num("projection.deceleration", "per ms", 0.998, "UIScrollView normal deceleration rate for velocity projection"),
        // Seed 000 swipe dismissal.
        num("swipe.extent", "pt", 400, "onevcat's swipe-to-dismiss (2013): fraction = translation.y / extent"),
        num("swipe.threshold", "fraction", 0.5, "onevcat's swipe-to-dismiss (2013): finish when fraction > threshold"),
        str("swipe.policy", "threshold", "Swipe-to-dismiss completion policy", policyChoices),
        str(
            "swipe.decision_sample", "last-change",
            "reel-0.3 handlers only: the swipe-to-dismiss handler decides on the last change's fraction, or ('release') on the lifting touch's",
            ["last-change", "release"]),
        // Seed 003 sheet drag.
        num(
            "sheetdrag.threshold", "fraction", 0.4,
            "Mail sheet drag (an iOS 8 UIPresentationController tutorial): finish when dy / view height > threshold"),
        str("sheetdrag.policy", "threshold", "Mail sheet drag completion policy", policyChoices),
        // Seed 004.
        num("verticalpop.threshold", "fraction", 0.25, "MDTransitioning vertical swipe pop: finish when ty / height > threshold"),
        str("verticalpop.policy", "threshold", "Vertical swipe pop completion policy", policyChoices),
        num(
            "verticalpop.begin_max_y", "pt", 100,
            "MDTransitioning vertical swipe pop may begin only when location.y < this and velocity.y > 0 (literal handlers)"),
        num("imagedrag.extent", "pt", 200, "MDTransitioning image drag-to-dismiss translation for full progress"),
        num(
            "imagedrag.threshold", "fraction", 0.5,
            "Image drag-to-dismiss: dismiss when |translation| / extent > threshold at release (MDImageDraggingDismissInteractionController)"
        ),
        str("imagedrag.policy", "threshold", "Image drag-to-dismiss completion policy", policyChoices),
        // Pinch.
        num(
            "pinchdismiss.threshold", "fraction", 0.5, "VCTransitionsLibrary pinch: p = 1 - scale / start scale, finish when p > threshold"),
        str("pinchdismiss.policy", "threshold", "Pinch-to-dismiss completion policy", policyChoices),
        num("pinchdismiss.duration", "s", 0.4, "Pinch-to-dismiss shrink animation duration"),
        // iOS 26 navigation (issue 20 parts 2 and 4; docs/ENGINE.md, "iOS 26 navigation").
        bool(
            "backswipe.fluid", false,
            "iOS 26 fluid back swipe (UIKit's fluid parallax transitions): progress outside 0...1 rubber-bands instead of the 0.999 cap, and an edge flick boosts the hand-off velocity"
        ),
        num(
            "backswipe.rubber_band_extent", "fraction", 0.5,
            "Fluid back swipe: the rubber band's extent, a fraction of the width (_UIFluidParallaxTransitionSettings rubberBandExtent)"),
        num(
            "backswipe.rubber_band_coefficient", "ratio", 0.55,
            "Fluid back swipe: rubber band b(x) = (1 - 1 / (c x / d + 1)) d past the end (UIScrollView's c; UIKit's own coefficient is not in the decompiled sources)"
        ),
        num(
            "backswipe.edge_flick_threshold", "1/s", 1,
            "Fluid back swipe: the edge-flick phase ends at the first sample whose mean velocity (widths per second) is below this (sources silent on the value)"
        ),
        num(
            "backswipe.edge_flick_boost", "ratio", 1.5,
            "Fluid back swipe: a release still in the edge-flick phase multiplies the hand-off velocity by this; the decision is unchanged (sources silent on the value)"
        ),
        bool(
            "backswipe.rubber_band_drawn", false,
            "Fluid back swipe: progress outside 0...1 reaches the screen unclamped (UIKit turns percent clamping off in fluid mode): the views move past their end positions by the rubber band, and the finish or cancel starts from there"
        ),
        bool(
            "nav.content_pop", false,
            "iOS 26 interactiveContentPopGestureRecognizer: in nav.content-swipe-pop a back swipe may start anywhere in the content (false: the edge only)"
        ),
        num(
            "contentpop.translation_hysteresis", "pt", 30,
            "Content pop: the translation removed per axis at .began (_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent: _setHysteresis:30 on the complex path; 10, the pan's, in 0.6.0)"
        ),
        num(
            "contentpop.hysteresis", "pt", 30,
            "Content pop: begins after this much movement towards the back direction; fails at |dy| >= min(cap, base + (this - base)/run x |dx|) (UIKit's _UIParallaxTransitionPanGestureRecognizer, iOS 26)"
        ),
        bool(
            "contentpop.edge_fallback", false,
            "Content pop: a touch landing in the edge region goes to the content pop once the edge swipe has failed (too slow, or drifting vertically), since the content pop waits for the edge swipe to fail (false: the edge swipe keeps the touch)"
        ),
        bool(
            "nav.interruptible", false,
            "iOS 26 interruptible navigation: a back swipe landing at the edge during an animated push catches it where it is on screen and drives it (false: ignored)"
        ),
        // System sheet detents (UISheetPresentationController, iOS 15-26; docs/ENGINE.md "Sheet detents (iOS 15-26)").
        num("sheetdetent.top_gap", "pt", 10, "The large sheet's top sits this far below the safe area top (phones without a home button)"),
        num("sheetdetent.top_gap_home_button", "pt", 20, "The same on phones with a home button (no bottom safe inset)"),
        num(
            "sheetdetent.medium_fraction", "fraction", 0.56,
            "Medium detent value = this x the large value, containers taller than 568 pt (inactive in compact height)"),
        num("sheetdetent.medium_fraction_short", "fraction", 0.63, "Medium detent fraction in containers 568 pt tall or less"),
        num("sheetdetent.custom_height", "pt", 0, "A custom detent's resolved value (clamped to the large value); 0: no custom detent"),
        num(
            "sheetdetent.deceleration_rate", "per ms", 0.99, "Release projection: value + v x r / (1 - r) / 1000 (SheetDecelerationFactor)"),
        num("sheetdetent.minimum_speed", "pt/s", 250, "Release speeds below this count as none (the hyper interactor's minimumSpeed)"),
        bool(
            "sheetdetent.horizontal_pan", false,
            "The minimum-speed test takes the norm of the pan's velocity (_UIHyperInteractor _effectiveVelocity); false: the sheet's delegate refuses horizontal panning (no tear-off), the pan is locked to the vertical axis and the norm is |v_y|; true: the norm of both components"
        ),
        num(
            "sheetdetent.speed_threshold", "pt/s", 1000,
            "A release this fast whose projection stays at the detent nearest the finger, moving away from it, goes one detent further (SheetSpeedThreshold)"
        ),
        num(
            "sheetdetent.spring_response", "s", 0.3441442326,
            "Settling spring response (SheetResponse): stiffness (2 pi / response)^2, mass 1"),
        num("sheetdetent.damping_ratio", "ratio", 1, "Settling spring damping ratio (SheetDampingRatio)"),
        num(
            "sheetdetent.high_speed_damping_ratio", "ratio", 0.8,
            "Settling spring damping ratio after a release at the speed threshold or faster (SheetHighSpeedDampingRatio)"),
        num(
            "sheetdetent.rubber_band_coefficient", "ratio", 0.55,
            "Rubber band past the smallest and largest detents: d (1 - 1 / (u c / d + 1))"),
        num(
            "sheetdetent.rubber_band_top_max", "pt", 100,
            "Rubber band extent above the largest detent: the gap to the safe area top, at most this"),
        num(
            "sheetdetent.rubber_band_bottom_fraction", "fraction", 0.25,
            "Rubber band extent below the smallest detent: this x the height ..."),
        num("sheetdetent.rubber_band_bottom_max", "pt", 200, "... at most this"),
        num(
            "sheetdetent.attempt_fraction", "fraction", 0.25,
            "A modal sheet pulled this fraction of its lower rubber-band extent below its smallest detent reports presentationControllerDidAttemptToDismiss (once per drag)"
        ),
        num("sheetdetent.dimming_alpha", "alpha", 0.2, "Dimming view alpha (black) above the largest undimmed detent"),
        str(
            "sheetdetent.largest_undimmed", "medium",
            "largestUndimmedDetentIdentifier: clear at or below this detent, dimmed above it ('none': dimmed at every detent)",
            ["none", "custom", "medium", "large"]),
        num(
            "sheetdetent.presenter_margin", "pt", 16,
            "Presenter scale-back with the sheet at large: scale = 1 - 2 x margin / width (widths up to 393 pt)"),
        num("sheetdetent.presenter_margin_wide", "pt", 20, "The same margin on wider screens"),
        num("sheetdetent.presenter_top_offset", "pt", 10, "The scaled-back presenter's top stands this far above the large sheet's top"),
        num("sheetdetent.content_height", "pt", 2000, "sheet.scroll-handoff: the scroll view's content height"),
        num(
            "sheetdetent.content_offset", "pt", 300, "sheet.scroll-handoff: the content's offset from its top edge when the session starts"),
        bool(
            "sheetdetent.scrolling_expands", true,
            "prefersScrollingExpandsWhenScrolledToEdge: an upward scroll raises the sheet to its largest detent first"),
        num(
            "sheetdetent.minimum_swipe_interval", "s", 0.4,
            "A scroll pan beginning sooner than this after the last one leaves a resting sheet alone (MinimumSheetSwipeInterval)"),
        // iOS 18 system zoom transition (UIKit's _UIZoomTransitionController; values chosen where
        // D18/D26 are silent, docs/ENGINE.md "System zoom transition (iOS 18)").
        num("systemzoom.source_x", "pt", 20, "Zoom transition: the source view's frame in the window, x"),
        num("systemzoom.source_y", "pt", 200, "Zoom transition: the source view's frame, y"),
        num("systemzoom.source_width", "pt", 100, "Zoom transition: the source view's frame, width"),
        num("systemzoom.source_height", "pt", 100, "Zoom transition: the source view's frame, height"),
        num("systemzoom.in_duration", "s", 0.5, "Zoom in (push/present) spring duration (_UIZoomTransitionSpec zoomIn)"),
        num("systemzoom.in_damping", "ratio", 1, "Zoom in spring damping ratio (zoomIn)"),
        num("systemzoom.out_duration", "s", 0.41, "Zoom out (dismissal) spring duration (zoomOut, zoomOutInteractive)"),
        num("systemzoom.out_damping", "ratio", 0.92, "Zoom out spring damping ratio (zoomOut, zoomOutInteractive)"),
        num("systemzoom.cancel_duration", "s", 0.5, "Spring back to full screen after a refused dismissal (cancelInteractive)"),
        num("systemzoom.cancel_damping", "ratio", 1, "Spring back damping ratio (cancelInteractive)"),
        num(
            "systemzoom.dimming_alpha", "alpha", 0.15,
            "Dimming over the content behind the zoomed view (dimmingOpacity 0.15, the iOS 26.1 Swift _UIZoomTransitionSpec init; ZoomOptions.dimmingColor; 0.1 in 0.6.0)"
        ),
        num(
            "systemzoom.recede_points", "pt", 104.0 / 3,
            "The content behind scales to (W - this) / W (recededBackgroundScaleDownPoints 104/3, the iOS 26.1 Swift _UIZoomTransitionSpec init; recededContentTransformFor:; 20 in 0.6.0)"
        ),
        num(
            "systemzoom.recede_min_scale", "ratio", 0.8,
            "The content behind never scales below this (recededBackgroundMinScale 0.8, the iOS 26.1 Swift _UIZoomTransitionSpec init; 0.9 in 0.6.0)"
        ),
        bool(
            "systemzoom.dismiss_allowed", true,
            "ZoomOptions.interactiveDismissShouldBegin's answer: false refuses every interactive dismissal"),
        num("systemzoom.drag_extent", "pt", 400, "Dismissal by drag or edge swipe: finger travel for progress 1"),
        num("systemzoom.min_scale", "fraction", 0.5, "The zoomed view's scale at dismissal progress 1 (scale = 1 - (1 - this) p)"),
        num("systemzoom.threshold", "fraction", 0.25, "Dismiss when the projected progress exceeds this (policy projection)"),
        str("systemzoom.policy", "projection", "Zoom dismissal completion policy (end_rule policy)", policyChoices),
        str(
            "systemzoom.end_rule", "dismiss-interaction",
            "How the zoom dismissal decides at the end: dismiss-interaction = _UIDismissInteraction's end handler (scale below scale_dismiss_threshold, else translation + velocity_factor x velocity past dismiss_threshold on the recognized axis; a cancelled gesture decided alike); policy = systemzoom.policy over the progress, a cancelled gesture springs back (0.6.0)",
            ["dismiss-interaction", "policy"]),
        num(
            "systemzoom.dismiss_threshold", "pt", 100,
            "_UIDismissInteractionSubInteractionSettings dismissThreshold: dismiss when translation + velocity_factor x velocity exceeds this (value not in the sources: 0.6.0's at-rest boundary, 0.25 x 400)"
        ),
        num(
            "systemzoom.scale_dismiss_threshold", "ratio", 0.875,
            "_UIDismissInteractionSubInteractionSettings scaleDismissThreshold: a pinch whose scale ends below this dismisses (value not in the sources: 0.6.0's at-rest pinch boundary)"
        ),
        num(
            "systemzoom.velocity_factor", "s", 0.099,
            "_UIDismissInteraction end handler: translation + this x velocity is compared with dismiss_threshold (the 0.099 literal of the iOS 26.1 Swift code)"
        ),
    ]

    static let index: [String: Int] = Dictionary(uniqueKeysWithValues: descriptors.enumerated().map { ($1.name, $0) })

    private static func num(_ name: String, _ unit: String, _ value: Double, _ text: String) -> ParameterDescriptor {
        ParameterDescriptor(
            name: name, unit: unit, description: text, defaultValue: .number(value), range: range(unit: unit),
            isInteger: unit == "count")
    }

    /// The values a number parameter of `unit` may take: wide enough for any plausible tuning,
    /// narrow enough that the engine's arithmetic stays finite and its counts fit an Int.
    static func range(unit: String) -> ClosedRange<Double> {
        switch unit {
        case "s": 0...3600
        case "pt", "pt/s": 0...100_000
        case "fraction", "alpha": 0...1
        case "ratio": 0...100
        case "per ms": 0...0.99999
        case "count": 1...1000
        case "1/pt": -1...1
        case "1/s", "1/s^2": 0...10_000
        default: -1_000_000...1_000_000
        }
    }

    private static func str(_ name: String, _ value: String, _ text: String, _ choices: [String]) -> ParameterDescriptor {
        ParameterDescriptor(name: name, unit: "choice", description: text, defaultValue: .string(value), choices: choices)
    }

    private static func bool(_ name: String, _ value: Bool, _ text: String) -> ParameterDescriptor {
        ParameterDescriptor(name: name, unit: "bool", description: text, defaultValue: .bool(value))
    }
}
