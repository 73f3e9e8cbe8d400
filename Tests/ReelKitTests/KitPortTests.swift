import Foundation
import ReelTestSupport
import Testing

/// `reel kit port`: the edit list's mechanical rewrites on files written for UIKit, and the list of
/// what it could not do (file and line, exit 1).
@Suite struct KitPortTests {
    static let portable = """
        import UIKit

        @objc protocol DrawerDelegate {
            @objc optional func drawerDidOpen(_ drawer: DrawerController)
            func drawerHeight() -> CGFloat
        }

        #if os(iOS)
        final class DrawerController: UIViewController {
            @IBOutlet weak var handle: UIView!
            weak var delegate: DrawerDelegate?

            override func viewDidLoad() {
                super.viewDidLoad()
                let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
                let tap = UITapGestureRecognizer(target: self, action: #selector(DrawerController.close))
                view.addGestureRecognizer(pan)
                view.addGestureRecognizer(tap)
            }

            @objc func handlePan(_ pan: UIPanGestureRecognizer) {
                delegate?.drawerDidOpen?(self)
            }

            @objc(closeDrawer) dynamic func close() {}
        }
        #endif
        """

    static let ported = """
        import UIKit

        protocol DrawerDelegate: AnyObject {
            func drawerDidOpen(_ drawer: DrawerController)
            func drawerHeight() -> CGFloat
        }

        #if canImport(UIKit)
        final class DrawerController: UIViewController {
            weak var handle: UIView!
            weak var delegate: DrawerDelegate?

            override func viewDidLoad() {
                super.viewDidLoad()
                let pan = UIPanGestureRecognizer(target: self, action: DrawerController.handlePan)
                let tap = UITapGestureRecognizer(target: self, action: DrawerController.close)
                view.addGestureRecognizer(pan)
                view.addGestureRecognizer(tap)
            }

            func handlePan(_ pan: UIPanGestureRecognizer) {
                delegate?.drawerDidOpen(self)
            }

            func close() {}
        }
        #endif

        // Defaults of the former @objc optional requirements (reel kit port).
        extension DrawerDelegate {
            func drawerDidOpen(_ drawer: DrawerController) {}
        }

        """

    @Test func eachMechanicalRewriteIsApplied() throws {
        let folder = try temporaryFolder()
        let path = folder + "/Drawer.swift"
        try Data(Self.portable.utf8).write(to: URL(fileURLWithPath: path))
        let run = try runReel(["kit", "port", path, "--output", folder + "/out"], in: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let written = try String(contentsOfFile: folder + "/out/Drawer.swift", encoding: .utf8)
        #expect(written == Self.ported)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.portable, "--output leaves the file as it was")
        #expect(run.standardOutput.contains("/out/Drawer.swift:"))
    }

    /// An override in an extension and a notification's selector cannot be rewritten mechanically:
    /// listed with file and line, exit 1; the rest of the file is still rewritten in place.
    @Test func whatItCannotDoIsListedWithFileAndLine() throws {
        let folder = try temporaryFolder()
        let path = folder + "/Sheet.swift"
        let source = """
            import UIKit

            extension UIViewController {
                open override func viewWillAppear(_ animated: Bool) {}
            }

            final class Sheet: UIViewController {
                @objc func refresh() {}
                func listen() {
                    NotificationCenter.default.addObserver(self, selector: #selector(refresh), name: nil, object: nil)
                }
            }
            """
        try Data(source.utf8).write(to: URL(fileURLWithPath: path))
        let run = try runReel(["kit", "port", path], in: folder)
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("\(path):4: not done: an override in an extension"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\(path):10: not done: a #selector other than a recognizer's action"))
        #expect(run.standardOutput.contains("2 things left for you"))
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("    func refresh() {}"), "the @objc it could remove is removed")
    }

    @Test func aMissingFileIsNamed() throws {
        let folder = try temporaryFolder()
        let run = try runReel(["kit", "port", folder + "/nothing.swift"], in: folder)
        #expect(run.status == 66)
        #expect(run.standardError.contains("nothing.swift: no such file"))
    }
}
