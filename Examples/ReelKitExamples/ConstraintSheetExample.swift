import ReelKit

/// A bottom sheet laid out with Auto Layout whose height is a constraint: pinned to the screen's
/// leading, trailing and bottom edges, `height == 120` when closed. A pan anywhere drags it: while
/// the finger moves, height = the height at the pan's start - translation.y, clamped to
/// 120...700, applied with `layoutIfNeeded()`. On release the sheet opens (700) when the height
/// plus 0.2 s of the release velocity's travel (height - 0.2 × velocity.y) is above the midpoint
/// (410), else it closes (120); it gets there by setting the constant and calling
/// `layoutIfNeeded()` inside `UIView.animate` (0.3 s, ease out). A cancelled pan closes it the same way.
public enum ConstraintSheetExample {
    public static let closedHeight: CGFloat = 120
    public static let openHeight: CGFloat = 700
    public static let projection: CGFloat = 0.2
    public static let duration: TimeInterval = 0.3

    /// The rule: the height the release settles at (`open`: the open height of the version).
    public static func target(height: CGFloat, velocityY: CGFloat, open: CGFloat = openHeight) -> CGFloat {
        height - projection * velocityY > (closedHeight + open) / 2 ? open : closedHeight
    }

    public static let scene = scene(openHeight: openHeight)

    /// The scene with another open height (a version whose constraint constant changed).
    public static func scene(openHeight open: CGFloat) -> ReelKitScene {
        ReelKitScene(
            name: "sheet.constraint",
            summary: "A pan drags a bottom sheet whose height is a constraint (120...700); release animates the constant to open or closed",
            trigger: TriggerSpec(kind: .pan, direction: .up, extent: 580)
        ) { window in
            let home = ConstraintSheetViewController(openHeight: open)
            home.restorationIdentifier = "home"
            window.rootViewController = home
            window.makeKeyAndVisible()
        }
    }
}

final class ConstraintSheetViewController: UIViewController {
    let sheet = UIView()
    let openHeight: CGFloat
    var height: NSLayoutConstraint!
    var heightAtStart: CGFloat = 0

    init(openHeight: CGFloat) {
        self.openHeight = openHeight
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        sheet.accessibilityIdentifier = "sheet"
        sheet.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(sheet)
        height = sheet.heightAnchor.constraint(equalToConstant: ConstraintSheetExample.closedHeight)
        height.identifier = "sheet.height"
        NSLayoutConstraint.activate([
            sheet.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            sheet.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            sheet.bottomAnchor.constraint(equalTo: view.bottomAnchor), height,
        ])
        let pan = UIPanGestureRecognizer()
        pan.addTarget(self, action: ConstraintSheetViewController.drag)
        view.addGestureRecognizer(pan)
    }

    func drag(_ pan: UIPanGestureRecognizer) {
        let rule = ConstraintSheetExample.self
        switch pan.state {
        case .began:
            heightAtStart = height.constant
        case .changed:
            height.constant = min(max(heightAtStart - pan.translation(in: view).y, rule.closedHeight), openHeight)
            view.layoutIfNeeded()
        case .ended, .cancelled:
            let target =
                pan.state == .ended
                ? rule.target(height: height.constant, velocityY: pan.velocity(in: view).y, open: openHeight) : rule.closedHeight
            UIView.animate(
                withDuration: rule.duration, delay: 0, options: .curveEaseOut,
                animations: {
                    self.height.constant = target
                    self.view.layoutIfNeeded()
                })
        default:
            break
        }
    }
}
