/// The engine's parameters, in their published order. Sources: docs/SOURCES.md and the seeds.
enum ParameterTable {
    static let curveChoices = ["linear", "default", "easeIn", "easeOut", "easeInEaseOut", "systemSpring"]
    static let policyChoices = ["uikit-backswipe", "velocity-sign", "threshold", "projection"]

    /// Every parameter's descriptor, in the order of `ParameterName.allCases`.
    static let descriptors: [ParameterDescriptor] = ParameterName.allCases.map(\.descriptor)

    /// The position of each parameter in `descriptors` (and in a profile's values), for
    /// `ParameterName.ordinal` when its case tags do not fit a byte.
    static let ordinal: [ParameterName: Int] = Dictionary(uniqueKeysWithValues: ParameterName.allCases.enumerated().map { ($1, $0) })

    /// The parameter a dotted name names, nil for an unknown name.
    static let named: [String: ParameterName] = Dictionary(uniqueKeysWithValues: ParameterName.allCases.map { ($0.rawValue, $0) })

    static func number(_ name: ParameterName, _ unit: String, _ value: Double, _ text: String) -> ParameterDescriptor {
        ParameterDescriptor(
            name: name.rawValue, unit: unit, description: text, defaultValue: .number(value), range: range(unit: unit),
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

    static func choice(_ name: ParameterName, _ value: String, _ text: String, _ choices: [String]) -> ParameterDescriptor {
        ParameterDescriptor(name: name.rawValue, unit: "choice", description: text, defaultValue: .string(value), choices: choices)
    }

    static func flag(_ name: ParameterName, _ value: Bool, _ text: String) -> ParameterDescriptor {
        ParameterDescriptor(name: name.rawValue, unit: "bool", description: text, defaultValue: .bool(value))
    }
}

extension ParameterName {
    /// The parameter's position in `ParameterName.allCases`, `descriptors` and a profile's values.
    /// Swift numbers the cases of an enum without payloads in declaration order, the order of
    /// `allCases`, so the case's one-byte tag is its position: read without hashing the raw value
    /// (the dictionary `ParameterTable.ordinal`, about 400 instructions a read, some 46 reads a
    /// replayed session). `ParameterOrdinalTests` checks every case.
    var ordinal: Int {
        MemoryLayout<ParameterName>.size == 1 ? Int(unsafeBitCast(self, to: UInt8.self)) : ParameterTable.ordinal[self]!
    }

    /// What the parameter is: unit, default, description and the values it takes. Exhaustive: a
    /// new case does not compile until it is described here.
    var descriptor: ParameterDescriptor {
        let (curveChoices, policyChoices) = (ParameterTable.curveChoices, ParameterTable.policyChoices)
        return switch self {
        // Display and tap.
        case .clockMaxDuration: num("s", 30, "Longest simulated transition; the frame clock stops after it")
        case .tapMaxMovement: num("pt", 10, "A tap fails when the finger moves farther than this from where it landed")
        case .tapMaxDuration: num("s", 0.5, "A tap fails when the finger stays down longer than this")
        // Navigation slide.
        case .navDuration: num("s", 0.35, "System push/pop slide duration (folklore: Hero 0.35, SloppySwiper 0.3)")
        case .navCurve: str("easeInEaseOut", "Timing curve of non-interactive push/pop", curveChoices)
        case .navParallax:
            num("fraction", 0.3, "The underneath view sits this fraction of the width behind (parallaxOffset = round(0.7 W))")
        case .navDimmingAlpha: num("alpha", 0.1, "Dimming over the underneath view at full coverage (SloppySwiper 0.1 black)")
        case .navBarHeight:
            num("pt", 44, "Navigation bar height below the device's safe area top (the bar's frame: y = safe area top, this tall)")
        case .navCompactBarHeight: num("pt", 32, "Navigation bar height in compact height (phones in landscape)")
        case .navBarTouchRegion:
            str(
                "bar",
                "Where a touch landing refuses the back-swipe (UIKit's shouldReceiveTouch: the bar's bounds; 'bar-and-safe-area' also the strip above it; 'none': no refusal, 0.3.0)",
                ["bar", "bar-and-safe-area", "none"])
        case .layoutRightToLeft:
            bool(
                true,
                "A scenario's layoutDirection rightToLeft puts the back-swipe on the right edge and mirrors the navigation slide (false ignores the field, 0.3.0)"
            )
        // Rendering.
        case .renderClampAlpha:
            bool(true, "Frames store alpha clamped to 0...1 as Core Animation renders opacity (false stores a spring's overshoot, 0.3.0)")
        case .outcomeHiddenViews:
            bool(
                true,
                "outcome.hierarchy lists the window's hidden views under \"hidden\" (the zoom push's snapshot after the push; false leaves them out, 0.3.0)"
            )
        // Modal transition styles.
        case .modalDuration: num("s", 0.4, "coverVertical / crossDissolve / partialCurl duration (UIKit's transition codes)")
        case .modalCurve: str("easeInEaseOut", "Timing curve of modal transition styles", curveChoices)
        case .modalFlipDuration: num("s", 0.75, "flipHorizontal duration")
        case .modalFlipM34: num("1/pt", -0.002, "Perspective (m34) of flipHorizontal")
        case .modalCurlLift: num("fraction", 0.6, "partialCurl lifts the presenter's view by this fraction of the height")
        // Seed 000: bounce present.
        case .bounceDuration: num("s", 0.8, "BouncePresentAnimation duration (onevcat's iOS 7 transitions, 2013)")
        case .bounceDamping: num("ratio", 0.6, "Bounce spring damping ratio (onevcat's iOS 7 transitions, 2013)")
        case .bounceVelocity: num("1/s", 0, "Bounce initial spring velocity (whole distance per second)")
        case .springSettleEpsilon:
            num(
                "fraction", 0.001,
                "A UIView spring of duration d, released from rest, settles within this fraction of its distance exactly at d (sets its stiffness)"
            )
        // Seed 001: snapshot zoom.
        case .zoomDuration: num("s", 0.5, "Snapshot zoom push/pop duration (an iOS 7 push/pop zoom tutorial)")
        case .zoomDamping: num("ratio", 0.55, "Snapshot zoom spring damping ratio")
        case .zoomVelocity: num("1/s", 1 / 0.55, "Snapshot zoom initial spring velocity (1/0.55)")
        case .zoomSourceX: num("pt", 20, "Tapped image frame in the source view: x")
        case .zoomSourceY: num("pt", 200, "Tapped image frame: y")
        case .zoomSourceSize: num("pt", 100, "Tapped image frame: width and height")
        case .zoomDestinationY: num("pt", 100, "Destination image frame y (full width, square)")
        // Seed 003: sheet presentation.
        case .sheetTopInset:
            num(
                "pt", 100,
                "Mail sheet (an iOS 8 UIPresentationController tutorial): presented frame = container bounds inset this far from the top")
        case .sheetDimmingAlpha: num("alpha", 0.4, "Mail sheet dimming view alpha when presented")
        case .sheetPresenterScale: num("ratio", 0.9, "Mail sheet presenting view scale when presented")
        case .sheetDismissDuration: num("s", 0.4, "Mail sheet dismissal animation duration")
        // System sheets and popovers.
        case .presentationPageSheetTop: num("pt", 10, "Top inset of a page/form sheet card in compact width")
        case .presentationRegularSheetWidth: num("pt", 704, "Page sheet width in regular width")
        case .presentationFormSheetWidth: num("pt", 540, "Form sheet width in regular width")
        case .presentationFormSheetHeight: num("pt", 620, "Form sheet height in regular width")
        case .presentationPopoverSize: num("pt", 320, "Popover content width and height in regular width")
        case .presentationPopoverCompactStyle:
            str(
                "formSheet", "What a popover adapts to in compact width (iOS 13+: formSheet; older iOS: overFullScreen)",
                ["formSheet", "overFullScreen"])
        case .presentationContextCompactStyle:
            str(
                "fullScreen",
                "What currentContext / overCurrentContext adapt to in compact width (Apple's View Controller Programming Guide: fullScreen; 'matching': overCurrentContext to overFullScreen; 'none': no adaptation, 0.3.0)",
                ["fullScreen", "matching", "none"])
        case .presentationCustomDimmingAlpha: num("alpha", 0.4, "Dimming alpha of the custom presentation controller")
        // Containers.
        case .containerDuration: num("s", 0.3, "Custom container cross dissolve duration (onevcat's iOS 7 transitions, 2013)")
        case .tabDuration: num("s", 0.3, "Tab selection cross dissolve duration")
        case .tabBarHeight: num("pt", 83, "Tab bar height (49 pt bar + 34 pt home indicator); tab content sits above it")
        case .splitPrimaryWidth: num("pt", 320, "Primary column width of a regular-width split view")
        // VCTransitionsLibrary family.
        case .vctlDuration: num("s", 1.0, "VCTransitionsLibrary animation duration (CEReversibleAnimationController default)")
        case .vctlM34: num("1/pt", -0.002, "Perspective of cube, flip, fold, cards")
        case .vctlCardsScale: num("ratio", 0.8, "Cards: scale of the receding card")
        case .vctlPortalZoom: num("ratio", 0.8, "Portal: starting scale of the revealed view")
        // Gestures.
        case .gestureEventModel:
            str(
                "uikit",
                "How touch lines reach the recognizers: uikit = lines with the same t are one event (one action), pans follow the centroid of their fingers and end on the last lift, a lift adds no movement or velocity sample (UIKit's UIPanGestureRecognizer); per-touch = engine 0.3 (each line an event, the first finger followed, the lift moves it)",
                ["uikit", "per-touch"])
        case .interactionHandlers:
            str(
                "literal",
                "Interaction controllers' gesture handlers: literal = each tutorial's, library's and UIKit's handler as written (docs/ENGINE.md fidelity table); reel-0.3 = engine 0.3's shared handler (progress at the lift, policy, a cancelled gesture cancels)",
                ["literal", "reel-0.3"])
        case .panHysteresis:
            num(
                "pt", 10,
                "A pan begins when |translation.x| or |translation.y| reaches this; removed per axis at began (per-touch: along the movement)"
            )
        case .pinchHysteresis: num("ratio", 0.05, "per-touch model: a pinch begins when the scale moves this far from 1")
        case .pinchBeginDistance:
            num(
                "pt", 8,
                "uikit model: a pinch begins when the fingers' distance changes by more than this; the initial distance moves this far towards it (UIKit's pinch recognizer)"
            )
        case .velocityLatestWeight:
            num(
                "fraction", 0.2,
                "Pan velocity = w x latest per-sample velocity + (1 - w) x the one before (uikit: the latest alone until there are two)")
        case .pinchLatestWeight:
            num(
                "fraction", 0.25,
                "Pinch velocity = w x latest + (1 - w) x previous (uikit: the latest alone while the previous is 0; UIKit's 0.25)")
        case .velocityMinDt: num("s", 0.001, "Samples closer than this give no velocity")
        // Back-swipe.
        case .backswipeEdgeRegion:
            num(
                "pt", 13,
                "Screen-edge pan: touches must land within this distance of the left edge (the right edge in right-to-left layouts)")
        case .backswipeEdgeHysteresis:
            num(
                "pt", 15,
                "Screen-edge pan begins after this horizontal movement (per-touch: subtracted along it; uikit: backswipe.translation_hysteresis is removed per axis from the previous event's translation)"
            )
        case .backswipeTranslationHysteresis:
            num(
                "pt", 15,
                "The navigation back swipe's translation at .began has this removed per axis (_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent: _setHysteresis:15 on the simple path; 10, the pan's, in 0.6.0)"
            )
        case .backswipeVerticalFailCap: num("pt", 25, "Fails when |dy| >= min(cap, base + (h - base)/run x |dx|) before it begins")
        case .backswipeVerticalFailBase: num("pt", 10, "Base of the vertical drift failure rule")
        case .backswipeVerticalFailRun: num("pt", 25, "Horizontal travel over which the drift allowance grows by (h - base)")
        case .backswipeMaxSwipeDuration:
            num("s", 0.25, "Screen-edge pan fails when it has not begun this long after touch-down (UIKit's maximumSwipeDuration)")
        case .backswipeMaxProgress:
            num(
                "fraction", 0.999,
                "Back-swipe update sent when progress reaches 1 (update(1.0) trap, UIKit's non-fluid path); reel-0.3 handlers cap every controller's updates at it"
            )
        case .interactiveMaxProgress:
            num(
                "fraction", 1,
                "Largest update a custom interaction controller sends with the literal handlers (the swipe-to-dismiss and mail sheet handlers pass their clamped fraction, up to 1)"
            )
        case .backswipeThresholdWidth: num("pt", 187.5, "UIKit rule: pop iff projected progress > min(this / W, cap)")
        case .backswipeThresholdCap: num("fraction", 0.5, "UIKit rule: cap of the progress threshold")
        case .backswipeMinSampleInterval:
            num("s", 0.010, "Back-swipe velocity samples count only if this far apart (or > velocity.min_dt with movement)")
        case .backswipeAccelClamp: num("1/s^2", 5, "Acceleration estimate changes by at most this per sample")
        case .backswipeSampleWindow: num("count", 3, "Back-swipe velocity and acceleration are running means over this many samples")
        case .backswipeMinSamples:
            num(
                "count", 3,
                "Samples needed for the augmented rule; fewer: pop iff v > 0 (literal handlers: the mean velocity, the .began sample counting)"
            )
        case .backswipeFinalSample:
            bool(
                true,
                "Literal handlers: .ended offers the statistics a sample at the lift's time with the last move's translation and velocity (UIKit's final sample); false: the lift's time never enters the decision"
            )
        case .backswipePolicy: str("uikit-backswipe", "Back-swipe completion policy", policyChoices)
        case .backswipeThreshold: num("fraction", 0.5, "Progress threshold when backswipe.policy = threshold")
        case .backswipeCompletionCurve: str("linear", "Curve of the finishing/cancelling back-swipe animation", curveChoices)
        case .backswipeVelocityHandoff: bool(true, "Remaining time = min(T, remaining distance / |v|)")
        // Percent-driven.
        case .interactiveCompletionCurve: str("easeInEaseOut", "UIPercentDrivenInteractiveTransition completionCurve", curveChoices)
        case .interactiveCompletionSpeed: num("ratio", 1, "Default completionSpeed (values <= 0 read as 1)")
        case .projectionDeceleration: num("per ms", 0.998, "UIScrollView normal deceleration rate for velocity projection")
        // Seed 000 swipe dismissal.
        case .swipeExtent: num("pt", 400, "onevcat's swipe-to-dismiss (2013): fraction = translation.y / extent")
        case .swipeThreshold: num("fraction", 0.5, "onevcat's swipe-to-dismiss (2013): finish when fraction > threshold")
        case .swipePolicy: str("threshold", "Swipe-to-dismiss completion policy", policyChoices)
        case .swipeDecisionSample:
            str(
                "last-change",
                "reel-0.3 handlers only: the swipe-to-dismiss handler decides on the last change's fraction, or ('release') on the lifting touch's",
                ["last-change", "release"])
        // Seed 003 sheet drag.
        case .sheetdragThreshold:
            num("fraction", 0.4, "Mail sheet drag (an iOS 8 UIPresentationController tutorial): finish when dy / view height > threshold")
        case .sheetdragPolicy: str("threshold", "Mail sheet drag completion policy", policyChoices)
        // Seed 004.
        case .verticalpopThreshold: num("fraction", 0.25, "MDTransitioning vertical swipe pop: finish when ty / height > threshold")
        case .verticalpopPolicy: str("threshold", "Vertical swipe pop completion policy", policyChoices)
        case .verticalpopBeginMaxY:
            num("pt", 100, "MDTransitioning vertical swipe pop may begin only when location.y < this and velocity.y > 0 (literal handlers)")
        case .imagedragExtent: num("pt", 200, "MDTransitioning image drag-to-dismiss translation for full progress")
        case .imagedragThreshold:
            num(
                "fraction", 0.5,
                "Image drag-to-dismiss: dismiss when |translation| / extent > threshold at release (MDImageDraggingDismissInteractionController)"
            )
        case .imagedragPolicy: str("threshold", "Image drag-to-dismiss completion policy", policyChoices)
        // Pinch.
        case .pinchdismissThreshold:
            num("fraction", 0.5, "VCTransitionsLibrary pinch: p = 1 - scale / start scale, finish when p > threshold")
        case .pinchdismissPolicy: str("threshold", "Pinch-to-dismiss completion policy", policyChoices)
        case .pinchdismissDuration: num("s", 0.4, "Pinch-to-dismiss shrink animation duration")
        // iOS 26 navigation (issue 20 parts 2 and 4; docs/ENGINE.md, "iOS 26 navigation").
        case .backswipeFluid:
            bool(
                false,
                "iOS 26 fluid back swipe (UIKit's fluid parallax transitions): progress outside 0...1 rubber-bands instead of the 0.999 cap, and an edge flick boosts the hand-off velocity"
            )
        case .backswipeRubberBandExtent:
            num(
                "fraction", 0.5,
                "Fluid back swipe: the rubber band's extent, a fraction of the width (_UIFluidParallaxTransitionSettings rubberBandExtent)")
        case .backswipeRubberBandCoefficient:
            num(
                "ratio", 0.55,
                "Fluid back swipe: rubber band b(x) = (1 - 1 / (c x / d + 1)) d past the end (UIScrollView's c; UIKit's own coefficient is not in the decompiled sources)"
            )
        case .backswipeEdgeFlickThreshold:
            num(
                "1/s", 1,
                "Fluid back swipe: the edge-flick phase ends at the first sample whose mean velocity (widths per second) is below this (sources silent on the value)"
            )
        case .backswipeEdgeFlickBoost:
            num(
                "ratio", 1.5,
                "Fluid back swipe: a release still in the edge-flick phase multiplies the hand-off velocity by this; the decision is unchanged (sources silent on the value)"
            )
        case .backswipeRubberBandDrawn:
            bool(
                false,
                "Fluid back swipe: progress outside 0...1 reaches the screen unclamped (UIKit turns percent clamping off in fluid mode): the views move past their end positions by the rubber band, and the finish or cancel starts from there"
            )
        case .navContentPop:
            bool(
                false,
                "iOS 26 interactiveContentPopGestureRecognizer: in nav.content-swipe-pop a back swipe may start anywhere in the content (false: the edge only)"
            )
        case .contentpopTranslationHysteresis:
            num(
                "pt", 30,
                "Content pop: the translation removed per axis at .began (_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent: _setHysteresis:30 on the complex path; 10, the pan's, in 0.6.0)"
            )
        case .contentpopHysteresis:
            num(
                "pt", 30,
                "Content pop: begins after this much movement towards the back direction; fails at |dy| >= min(cap, base + (this - base)/run x |dx|) (UIKit's _UIParallaxTransitionPanGestureRecognizer, iOS 26)"
            )
        case .contentpopEdgeFallback:
            bool(
                false,
                "Content pop: a touch landing in the edge region goes to the content pop once the edge swipe has failed (too slow, or drifting vertically), since the content pop waits for the edge swipe to fail (false: the edge swipe keeps the touch)"
            )
        case .navInterruptible:
            bool(
                false,
                "iOS 26 interruptible navigation: a back swipe landing at the edge during an animated push catches it where it is on screen and drives it (false: ignored)"
            )
        // System sheet detents (UISheetPresentationController, iOS 15-26; docs/ENGINE.md "Sheet detents (iOS 15-26)").
        case .sheetdetentTopGap: num("pt", 10, "The large sheet's top sits this far below the safe area top (phones without a home button)")
        case .sheetdetentTopGapHomeButton: num("pt", 20, "The same on phones with a home button (no bottom safe inset)")
        case .sheetdetentMediumFraction:
            num(
                "fraction", 0.56, "Medium detent value = this x the large value, containers taller than 568 pt (inactive in compact height)"
            )
        case .sheetdetentMediumFractionShort: num("fraction", 0.63, "Medium detent fraction in containers 568 pt tall or less")
        case .sheetdetentCustomHeight: num("pt", 0, "A custom detent's resolved value (clamped to the large value); 0: no custom detent")
        case .sheetdetentDecelerationRate:
            num("per ms", 0.99, "Release projection: value + v x r / (1 - r) / 1000 (SheetDecelerationFactor)")
        case .sheetdetentMinimumSpeed: num("pt/s", 250, "Release speeds below this count as none (the hyper interactor's minimumSpeed)")
        case .sheetdetentHorizontalPan:
            bool(
                false,
                "The minimum-speed test takes the norm of the pan's velocity (_UIHyperInteractor _effectiveVelocity); false: the sheet's delegate refuses horizontal panning (no tear-off), the pan is locked to the vertical axis and the norm is |v_y|; true: the norm of both components"
            )
        case .sheetdetentSpeedThreshold:
            num(
                "pt/s", 1000,
                "A release this fast whose projection stays at the detent nearest the finger, moving away from it, goes one detent further (SheetSpeedThreshold)"
            )
        case .sheetdetentSpringResponse:
            num("s", 0.3441442326, "Settling spring response (SheetResponse): stiffness (2 pi / response)^2, mass 1")
        case .sheetdetentDampingRatio: num("ratio", 1, "Settling spring damping ratio (SheetDampingRatio)")
        case .sheetdetentHighSpeedDampingRatio:
            num("ratio", 0.8, "Settling spring damping ratio after a release at the speed threshold or faster (SheetHighSpeedDampingRatio)")
        case .sheetdetentRubberBandCoefficient:
            num("ratio", 0.55, "Rubber band past the smallest and largest detents: d (1 - 1 / (u c / d + 1))")
        case .sheetdetentRubberBandTopMax:
            num("pt", 100, "Rubber band extent above the largest detent: the gap to the safe area top, at most this")
        case .sheetdetentRubberBandBottomFraction:
            num("fraction", 0.25, "Rubber band extent below the smallest detent: this x the height ...")
        case .sheetdetentRubberBandBottomMax: num("pt", 200, "... at most this")
        case .sheetdetentAttemptFraction:
            num(
                "fraction", 0.25,
                "A modal sheet pulled this fraction of its lower rubber-band extent below its smallest detent reports presentationControllerDidAttemptToDismiss (once per drag)"
            )
        case .sheetdetentDimmingAlpha: num("alpha", 0.2, "Dimming view alpha (black) above the largest undimmed detent")
        case .sheetdetentLargestUndimmed:
            str(
                "medium",
                "largestUndimmedDetentIdentifier: clear at or below this detent, dimmed above it ('none': dimmed at every detent)",
                ["none", "custom", "medium", "large"])
        case .sheetdetentPresenterMargin:
            num("pt", 16, "Presenter scale-back with the sheet at large: scale = 1 - 2 x margin / width (widths up to 393 pt)")
        case .sheetdetentPresenterMarginWide: num("pt", 20, "The same margin on wider screens")
        case .sheetdetentPresenterTopOffset: num("pt", 10, "The scaled-back presenter's top stands this far above the large sheet's top")
        case .sheetdetentContentHeight: num("pt", 2000, "sheet.scroll-handoff: the scroll view's content height")
        case .sheetdetentContentOffset:
            num("pt", 300, "sheet.scroll-handoff: the content's offset from its top edge when the session starts")
        case .sheetdetentScrollingExpands:
            bool(true, "prefersScrollingExpandsWhenScrolledToEdge: an upward scroll raises the sheet to its largest detent first")
        case .sheetdetentMinimumSwipeInterval:
            num(
                "s", 0.4,
                "A scroll pan beginning sooner than this after the last one leaves a resting sheet alone (MinimumSheetSwipeInterval)")
        // iOS 18 system zoom transition (UIKit's _UIZoomTransitionController; values chosen where
        // D18/D26 are silent, docs/ENGINE.md "System zoom transition (iOS 18)").
        case .systemzoomSourceX: num("pt", 20, "Zoom transition: the source view's frame in the window, x")
        case .systemzoomSourceY: num("pt", 200, "Zoom transition: the source view's frame, y")
        case .systemzoomSourceWidth: num("pt", 100, "Zoom transition: the source view's frame, width")
        case .systemzoomSourceHeight: num("pt", 100, "Zoom transition: the source view's frame, height")
        case .systemzoomInDuration: num("s", 0.5, "Zoom in (push/present) spring duration (_UIZoomTransitionSpec zoomIn)")
        case .systemzoomInDamping: num("ratio", 1, "Zoom in spring damping ratio (zoomIn)")
        case .systemzoomOutDuration: num("s", 0.41, "Zoom out (dismissal) spring duration (zoomOut, zoomOutInteractive)")
        case .systemzoomOutDamping: num("ratio", 0.92, "Zoom out spring damping ratio (zoomOut, zoomOutInteractive)")
        case .systemzoomCancelDuration: num("s", 0.5, "Spring back to full screen after a refused dismissal (cancelInteractive)")
        case .systemzoomCancelDamping: num("ratio", 1, "Spring back damping ratio (cancelInteractive)")
        case .systemzoomDimmingAlpha:
            num(
                "alpha", 0.15,
                "Dimming over the content behind the zoomed view (dimmingOpacity 0.15, the iOS 26.1 Swift _UIZoomTransitionSpec init; ZoomOptions.dimmingColor; 0.1 in 0.6.0)"
            )
        case .systemzoomRecedePoints:
            num(
                "pt", 104.0 / 3,
                "The content behind scales to (W - this) / W (recededBackgroundScaleDownPoints 104/3, the iOS 26.1 Swift _UIZoomTransitionSpec init; recededContentTransformFor:; 20 in 0.6.0)"
            )
        case .systemzoomRecedeMinScale:
            num(
                "ratio", 0.8,
                "The content behind never scales below this (recededBackgroundMinScale 0.8, the iOS 26.1 Swift _UIZoomTransitionSpec init; 0.9 in 0.6.0)"
            )
        case .systemzoomDismissAllowed:
            bool(true, "ZoomOptions.interactiveDismissShouldBegin's answer: false refuses every interactive dismissal")
        case .systemzoomDragExtent: num("pt", 400, "Dismissal by drag or edge swipe: finger travel for progress 1")
        case .systemzoomMinScale: num("fraction", 0.5, "The zoomed view's scale at dismissal progress 1 (scale = 1 - (1 - this) p)")
        case .systemzoomThreshold: num("fraction", 0.25, "Dismiss when the projected progress exceeds this (policy projection)")
        case .systemzoomPolicy: str("projection", "Zoom dismissal completion policy (end_rule policy)", policyChoices)
        case .systemzoomEndRule:
            str(
                "dismiss-interaction",
                "How the zoom dismissal decides at the end: dismiss-interaction = _UIDismissInteraction's end handler (scale below scale_dismiss_threshold, else translation + velocity_factor x velocity past dismiss_threshold on the recognized axis; a cancelled gesture decided alike); policy = systemzoom.policy over the progress, a cancelled gesture springs back (0.6.0)",
                ["dismiss-interaction", "policy"])
        case .systemzoomDismissThreshold:
            num(
                "pt", 100,
                "_UIDismissInteractionSubInteractionSettings dismissThreshold: dismiss when translation + velocity_factor x velocity exceeds this (value not in the sources: 0.6.0's at-rest boundary, 0.25 x 400)"
            )
        case .systemzoomScaleDismissThreshold:
            num(
                "ratio", 0.875,
                "_UIDismissInteractionSubInteractionSettings scaleDismissThreshold: a pinch whose scale ends below this dismisses (value not in the sources: 0.6.0's at-rest pinch boundary)"
            )
        case .systemzoomVelocityFactor:
            num(
                "s", 0.099,
                "_UIDismissInteraction end handler: translation + this x velocity is compared with dismiss_threshold (the 0.099 literal of the iOS 26.1 Swift code)"
            )
        }
    }
    private func num(_ unit: String, _ value: Double, _ text: String) -> ParameterDescriptor {
        ParameterTable.number(self, unit, value, text)
    }

    private func str(_ value: String, _ text: String, _ choices: [String]) -> ParameterDescriptor {
        ParameterTable.choice(self, value, text, choices)
    }

    private func bool(_ value: Bool, _ text: String) -> ParameterDescriptor { ParameterTable.flag(self, value, text) }
}
