import Foundation
import Testing

/// docs/ARCHITECTURE.md, "What a product offers" and "Rules" (Access): `public` only for what a
/// product offers. Modules in no product declare nothing public; each other module's public surface
/// may not grow without a decision: its count is held under a ceiling (a ratchet).
@Suite struct AccessTests {
    /// Modules whose every declaration is `package` or narrower: ReelReport and ReelCapture (in no
    /// library product), the executables `reel`, `reel-capture` and `reel-publish` (since session 13
    /// `reel`'s one public type, `ExitStatus`, is the three command lines' shared `package` table in
    /// ReelTrace), ReelFleet (their module), ReelTiming (the products offer none of its math), and
    /// the build tool.
    static let noPublic: Set<String> = [
        "ReelReport", "ReelCapture", "reel", "reel-capture", "ReelFleet", "reel-publish", "ReelTiming", "SQLEmbedder", "CSQLite",
    ]

    /// Public or open declarations a module has today, counted as the document counts them
    /// (`grep -rE '^\s*(public|open) '`). ReelTrace's values and ReelGestures' `ScreenEdge` and
    /// `CompletionPolicy` are the products' vocabulary.
    // Issue 34's error contract added one public line or a few to each module with public error
    // types: `ReelError` (ReelTrace: the protocol, its default `userMessage`, `ReelFailure.failureKind`)
    // and each public error's `failureKind` (ReelStore's SQLiteError also its `userMessage`;
    // ReelRunner's `Replayer.Stopped` also its `description`).
    static let ceilings: [String: Int] = [
        // +9 in issue 34: `SessionComparison` (the verdict) moved here from ReelDiff, so that the diff,
        // the store and the runner share one value. +6 in issue 50: ViewState's layer and scroll
        // properties (corner radius, border width, shadow opacity and radius, content offset) and
        // its visual effect fraction and mask (kind and bounds).
        "ReelTrace": 151,
        "ReelGestures": 2,
        "ReelJSON": 38,
        // +6 in issue 34: the scenario spec's names as enums (`InteractionKind`, `AnimatorKind`,
        // `ActionKind`, each with its decoding initializer), the types of public spec fields.
        // +6 in issue 48: the scenario spec's limits (`ScenarioLimits`) and `Engine.maximumFrameViews`.
        "ReelEngine": 112,
        // +2 in issue 36: the replay rows carry where the run ran (`metadataJSON`), for embedders that read replays.
        // -1 in issue 34: `forEachEventText` (events as stored bytes) became the package
        // `forEachLifecycleCall` (plain `LifecycleCall` values, for the replay's diff).
        // -41 in issue 50: the rows the report, `reel info` and the verdict tally read (`VerdictGroup`,
        // `ReplayOverview`, `FlippedSession`, `VerdictChangeRow`, `RowCursor` and their reads) are `package`.
        "ReelStore": 95,
        // -9 in issue 34: `SessionComparison` moved to ReelTrace.
        "ReelDiff": 19,
        "ReelFormats": 29,
        "ReelSynth": 23,
        // +1 in issue 30: `EngineFactory(inProcess:make:)`, the replayer taking an embedder's engine objects.
        // +1 in issue 34: `Recorder.record(_:)` of decoded sessions, returning their stored ids.
        // +7 in issue 55: `DeviceRecording` (a device file recorded as its baselines) and
        // `Recorder.Options.scenes` (the team's scene specs that session lines name).
        "ReelRunner": 108,
        // UIKit's names for the transition surface: every class, member and protocol requirement a
        // team's code calls is public (or open, to subclass and override as in UIKit). +1 in issue 30:
        // `ReelKitEngine.factory`, in-process replay of a team's scenes.
        // +2 in issue 51: the keyframe calculation-mode options.
        // +8 in issue 52: UIKit's `Selector` (its name, two initializers, description),
        // `UIGestureRecognizer.init(target:action:)`, `animate(alongsideTransition:)` with UIKit's default
        // completion and `UISpringTimingParameters()`, as UIKit declares them; +4: the runtime's
        // `objc_AssociationPolicy` and objc_set/get/removeAssociatedObject(s); +6: the recognizers'
        // subclassing surface (touchesBegan/Moved/Ended/Cancelled, reset, location(ofTouch:in:)); the
        // environment (UIScreen, UIApplication, UIDevice, the idiom), begin/endAppearanceTransition, and
        // content views as frames (UIImage, UIImageView, UILabel, UIControl, UIButton),
        // isBeingPresented/isBeingDismissed, the feedback generators, Swift KVO's shape for views.
        // +106 in issue 53: Auto Layout (NSLayoutConstraint, the anchors, UILayoutGuide, UILayoutPriority, UIView's layout API).
        // -2 in issue 48: `KitLimits.maximumTouchTime` and `maximumRefreshHz` (ReelKit applies GestureLimits).
        // +94 in issue 52 (part II): UIKit's own surface, as teams' code calls it: long press and swipe
        // recognizers, UIResponder touches, the tab bar controller and its delegate, traits, safe areas,
        // margins, UIEdgeInsets, the autoresizing mask, visual effect views, viewWillTransition(to:with:)
        // (docs/KIT.md's table).
        // +7 in issue 55: what a window-level recorder reads, as UIKit declares it: `UIWindow.sendEvent(_:)`
        // and `screen`, `UIEvent.timestamp` and `allTouches` (and UIEvent's `init()`, now declared: it was
        // NSObject's), `UIScreen.maximumFramesPerSecond`; and `ReelKitScene.withWindow(_:)`, a scene in
        // the app's own window subclass.
        // Issue 52's leftovers, net +3: -2, `ReelKitEngine.factory` and `identityIsKnown` moved to
        // ReelKitRunner (the lean kit package); +5, UIKit's `UIViewAnimating` protocol, UIViewController's
        // `init(nibName:bundle:)`, `init?(coder:)`, `nibName` and `nibBundle`, and UINavigationController's
        // two overrides of them in place of its `init()` (UITabBarController's `init()` went: it inherits them).
        // +48 in issue 53 (scroll views): UIScrollView (its properties, DecelerationRate,
        // ContentInsetAdjustmentBehavior, setContentOffset, scrollRectToVisible), UIScrollViewDelegate
        // and its defaults, UITableView (and Style), UICollectionView, its layouts, and the table and
        // collection delegates, as UIKit declares them (docs/KIT.md's table).
        // +242 in issue 53 (layers): QuartzCore's surface as teams' code calls it: CALayer and its
        // properties, CAShapeLayer, CAGradientLayer, CATransform3D and its functions, CAAnimation,
        // CABasicAnimation, CAKeyframeAnimation, CASpringAnimation, CAAnimationGroup, CATransaction,
        // CAMediaTimingFunction and the timing names, UIBezierPath, CGPath and CGMutablePath, and
        // UIView's layer, layerClass and mask (docs/KIT.md's table).
        // +18 in issue 55: CADisplayLink and CAFrameRateRange, as QuartzCore declares them.
        "ReelKit": 977,
        // Issue 52 (item 9): ReelKitEngine as ReelRunner's engine (`identityIsKnown`, `factory`), moved
        // from ReelKit so that serving scenes compiles no runner.
        "ReelKitRunner": 2,
        // Issue 55: the app's touch recorder (TouchRecorder, RecordingWindow, the session and touch
        // values, the limits and drop reasons).
        // +52 in issue 55 (the device outcome): OutcomeRecording, DeviceTrace and its frames, views and
        // events, SessionFolder, the recorder's outcome limits and drop reasons.
        "ReelRecorder": 84,
        // ReelKit under Apple's framework names: each one `@_exported import ReelKit`, nothing of its own.
        "UIKit": 0, "QuartzCore": 0, "CoreGraphics": 0,
        // Issue 54: the test helper (ArchiveReplay, its outcome, the Swift Testing and XCTest assertions).
        "ReelTesting": 42,
    ]

    /// A line of code that begins a public or open declaration, attributes on the same line
    /// included (`public struct`, `open class`, `@inlinable public func`); comments and string
    /// literals are not code, so a help text's line "open the archive" is not one.
    static let publicDeclaration = try! NSRegularExpression(pattern: #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s"#)

    /// Each module's public declarations: `file:line: text`.
    static func publicDeclarations() -> [String: [String]] {
        var found: [String: [String]] = [:]
        for file in SourceTree.current.files {
            for (offset, line) in file.scan.codeLines.enumerated()
            where publicDeclaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                found[file.module, default: []].append("\(file.path):\(offset + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test func everyModuleIsPlaced() {
        let unplaced = SourceTree.current.modules.filter { !Self.noPublic.contains($0) && Self.ceilings[$0] == nil }
        #expect(unplaced.isEmpty, "modules with neither a ceiling nor a place among the modules without public API: \(unplaced)")
    }

    @Test func modulesInNoProductDeclareNothingPublic() {
        let declarations = Self.publicDeclarations()
        let found = Self.noPublic.sorted().flatMap { declarations[$0] ?? [] }
        #expect(
            found.isEmpty,
            "\(found.joined(separator: "\n"))\nThese modules are in no product: make the declarations `package` (docs/ARCHITECTURE.md, Rules)."
        )
    }

    @Test(arguments: ceilings.keys.sorted())
    func publicSurfaceStaysUnderItsCeiling(module: String) {
        let declarations = Self.publicDeclarations()[module] ?? []
        let ceiling = Self.ceilings[module] ?? 0
        #expect(
            declarations.count <= ceiling,
            """
            \(module) has \(declarations.count) public or open declarations, more than its ceiling of \(ceiling). \
            If the new API is meant for embedders, list it in docs/ARCHITECTURE.md's "What a product offers" and raise \
            the ceiling in AccessTests.ceilings on purpose; otherwise make it `package` or internal.
            """
        )
        #expect(
            declarations.count >= ceiling,
            "\(module) has \(declarations.count) public or open declarations, fewer than its ceiling of \(ceiling): lower the ceiling in AccessTests.ceilings to keep the gain."
        )
    }

    @Test func countsDeclarationsNotText() {
        let scan = SwiftSourceScan(
            """
            public struct A {
                @inlinable public func f() {}
                /// public things
                package var b: Int
            }
            let help = \"""
                open the archive
                \"""
            open class B {}
            """)
        let lines = scan.codeLines.enumerated().filter { _, line in
            Self.publicDeclaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
        }.map { $0.offset + 1 }
        #expect(lines == [1, 2, 9])
    }
}
