import Foundation

/// The files `reel kit init` writes: a Swift package whose one executable serves a ReelKit scene
/// (a drawer dragged down to close it, with its own pan handler and animator) over the engine
/// protocol, and a README with the edit list and the record/replay commands.
struct KitTemplate {
    /// Where the package gets Reel from.
    enum ReelSource {
        /// A checkout on this machine (`--reel-path`), absolute.
        case path(String)
        /// A git repository and the branch to take (`--reel-url`, `--reel-branch`): a requirement
        /// that resolves while the repository has no release tags (CHANGELOG.md says what to pin).
        case url(String, branch: String)

        /// The package identity SwiftPM gives the dependency (the last path component, without `.git`),
        /// which `.product(name:package:)` names.
        var identity: String {
            let text: String
            switch self {
            case .path(let path): text = path
            case .url(let url, _): text = url
            }
            let last = text.split(separator: "/").last.map(String.init) ?? text
            return (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
        }

        var manifestLine: String {
            switch self {
            case .path(let path): ".package(path: \(SwiftLiteral.string(path)))"
            case .url(let url, let branch): ".package(url: \(SwiftLiteral.string(url)), branch: \(SwiftLiteral.string(branch)))"
            }
        }
    }

    /// The executable's (and package's) name: letters, digits, `-` and `_`.
    let name: String
    let reel: ReelSource

    /// The scene the template serves.
    static let sceneName = "drawer.dismiss"

    /// Relative path -> contents, in the order they are written.
    var files: [(path: String, contents: String)] {
        [
            ("Package.swift", packageManifest),
            ("Sources/\(name)/main.swift", mainSource),
            ("Sources/\(name)/DrawerTransition.swift", Self.drawerSource),
            ("README.md", readme),
            (".gitignore", ".build/\n*.sqlite\n*.sqlite-wal\n*.sqlite-shm\n"),
        ]
    }

    var packageManifest: String {
        """
        // swift-tools-version: 6.2
        import PackageDescription

        // Your transition code as a Reel engine: one executable that serves the scenes of
        // Sources/\(name) over Reel's engine protocol (README.md says how to record and replay).
        let package = Package(
            name: \(SwiftLiteral.string(name)),
            platforms: [.macOS("26.0")],
            dependencies: [
                \(reel.manifestLine)
            ],
            targets: [
                .executableTarget(name: \(SwiftLiteral.string(name)), dependencies: [.product(name: "ReelKit", package: \(SwiftLiteral.string(reel.identity)))])
            ]
        )

        """
    }

    var mainSource: String {
        """
        import ReelKit

        // Serves the scenes over the engine protocol (`reel record/replay --engine exec:...`), and
        // answers `scenes`, `spec NAME` and `synth NAME --count N` (`\(name) --help`). Give the
        // version your app's commit, so archives say which code made each trace.
        ReelKitServer.main(scenes: [DrawerScene.scene], name: \(SwiftLiteral.string(name)), version: "1")

        """
    }

    static let drawerSource = """
        import ReelKit  // UIKit: import UIKit

        /// A details drawer over a list, closed by dragging it down. The drawer's own pan handler
        /// feeds a percent-driven dismissal: progress = downward translation / the drawer's height;
        /// at the lift the drawer closes when progress passes `threshold` or the finger moves down
        /// faster than `flickSpeed`, else it returns. The animator moves the drawer below the screen.
        enum DrawerScene {
            static let drawerHeight: CGFloat = 420
            static let threshold: CGFloat = 0.3
            /// Points per second.
            static let flickSpeed: CGFloat = 1000

            /// The scene Reel records: the list with its drawer open (presented without animation), and
            /// the gesture that starts the transition, so `synth` can make sessions for it.
            static let scene = ReelKitScene(
                name: "drawer.dismiss", summary: "Drag the drawer down: past 30 % of its height (or flicked) it closes",
                trigger: TriggerSpec(kind: .pan, direction: .down, extent: Double(drawerHeight), threshold: Double(threshold))
            ) { window in
                let list = ListViewController()
                list.restorationIdentifier = "list"
                window.rootViewController = list
                window.makeKeyAndVisible()
                list.showDrawer(animated: false)
            }
        }

        /// The presenting screen: hands out the drawer's animator and drag interaction.
        final class ListViewController: UIViewController, UIViewControllerTransitioningDelegate {
            let closeAnimator = DrawerCloseAnimator()
            let drag = DrawerDragInteraction()

            func showDrawer(animated: Bool) {
                let drawer = DrawerViewController()
                drawer.restorationIdentifier = "drawer"
                drawer.modalPresentationStyle = .overFullScreen
                drawer.transitioningDelegate = self
                present(drawer, animated: animated)
                drag.attach(to: drawer)
            }

            func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                closeAnimator
            }

            func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
                -> UIViewControllerInteractiveTransitioning?
            {
                drag.isDragging ? drag : nil
            }
        }

        /// A clear full-screen controller holding the drawer's panel at the bottom.
        final class DrawerViewController: UIViewController {
            let panel = UIView()

            override func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .clear
                panel.accessibilityIdentifier = "drawer.panel"  // the name the traces show
                panel.frame = CGRect(
                    x: 0, y: view.bounds.height - DrawerScene.drawerHeight, width: view.bounds.width, height: DrawerScene.drawerHeight)
                view.addSubview(panel)
            }
        }

        /// The drawer's pan handler and the percent-driven dismissal it drives.
        final class DrawerDragInteraction: UIPercentDrivenInteractiveTransition {
            private(set) var isDragging = false
            private weak var drawer: DrawerViewController?

            func attach(to drawer: DrawerViewController) {
                self.drawer = drawer
                // UIKit: UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
                drawer.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: DrawerDragInteraction.handlePan))
            }

            // UIKit: @objc func handlePan(_ pan: UIPanGestureRecognizer)
            func handlePan(_ pan: UIPanGestureRecognizer) {
                guard let drawer else { return }
                let progress = min(max(pan.translation(in: drawer.view).y / drawer.panel.bounds.height, 0), 1)
                switch pan.state {
                case .began:
                    isDragging = true
                    drawer.dismiss(animated: true)
                case .changed:
                    update(progress)
                case .ended:
                    isDragging = false
                    let flicked = pan.velocity(in: drawer.view).y > DrawerScene.flickSpeed
                    if progress > DrawerScene.threshold || flicked { finish() } else { cancel() }
                case .cancelled, .failed:
                    isDragging = false
                    cancel()
                default:
                    break
                }
            }
        }

        /// Moves the drawer's panel below the screen, ease-out over 0.3 s.
        final class DrawerCloseAnimator: UIViewControllerAnimatedTransitioning {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                guard let drawer = transitionContext.viewController(forKey: .from) as? DrawerViewController else {
                    transitionContext.completeTransition(false)
                    return
                }
                let bottom = transitionContext.containerView.bounds.height
                UIView.animate(
                    withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseOut,
                    animations: { drawer.panel.frame.origin.y = bottom },
                    completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
            }
        }

        """

    var readme: String {
        let executable = ".build/release/\(name)"
        return """
            # \(name)

            Transition code in UIKit style, run by Reel's ReelKit (Reel's docs/KIT.md): its sessions are
            recorded, replayed, diffed, reported and accepted like any engine's. `Sources/\(name)/DrawerTransition.swift`
            is an example scene (a drawer dragged down to close it); replace it with your app's code.

            ## Bringing your transition code

            Copy your animator, interaction controller, presentation controller and the controllers that wire
            them into `Sources/\(name)`, then make these edits and no others:

            1. `import UIKit` -> `import ReelKit`.
            2. Target-action: `UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))` ->
               `UIPanGestureRecognizer(target: self, action: MyType.handlePan)` (a method reference), or
               `pan.addTarget { [weak self] recognizer in ... }`.
            3. Remove `@objc`, `@IBOutlet` and `@IBAction` (Linux has no Objective-C runtime).
            4. Name what the traces show: `restorationIdentifier` for controllers, `accessibilityIdentifier`
               for views.
            5. One `ReelKitScene` per transition to record: it builds the window's root controller as the app
               does, and declares the gesture that starts it (`TriggerSpec`). List it in `main.swift`.

            ## Record, change, replay

            ```
            swift build -c release
            \(executable) scenes
            \(executable) synth \(Self.sceneName) --count 500 > sessions.jsonl
            reel record sessions.sqlite sessions.jsonl --engine exec:\(executable)
            ```

            Change the code (your next commit), build it again, and replay the recorded sessions against it:

            ```
            swift build -c release
            reel replay sessions.sqlite --engine exec:\(executable) --tolerance exact
            reel report sessions.sqlite -o report.html
            reel accept sessions.sqlite --replay 1
            ```

            `reel replay` exits 1 when a session diverges (a decision flipped, a frame moved); `reel accept`
            makes the new traces the baseline when the change was meant.

            The first build compiles the Reel modules ReelKit needs (minutes). `REEL_LEAN_BUILD=1` in the
            environment leaves Reel's server-side dependencies (SwiftNIO, Hummingbird, PostgresNIO) out of
            the package graph, so they are neither fetched nor resolved.

            """
    }

    /// `name` with anything but letters, digits, `-` and `_` replaced by `-` ("transitions" when nothing is left).
    static func executableName(_ text: String) -> String {
        let kept = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
        let trimmed = kept.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return trimmed.isEmpty ? "transitions" : trimmed
    }
}

/// Values as Swift source text, for the files `reel kit init` generates: whatever a value holds
/// (quotes, backslashes, `\(`, `#`, line breaks, bidirectional overrides), the literal reads back
/// as exactly that value and cannot end early, so no argument becomes code in Package.swift.
enum SwiftLiteral {
    /// `text` as a Swift string literal: `\\` and `\"` escaped, and every scalar outside printable
    /// ASCII (U+0020 to U+007E) written as `\u{X}` (The Swift Programming Language, "Special
    /// Characters in String Literals"), so the generated file is plain ASCII.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out + "\""
    }
}
