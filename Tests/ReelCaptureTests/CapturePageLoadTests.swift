import Foundation
import ReelTestSupport
import Testing

/// Issue 33: the capture page loads without waiting on animation frames. It fetched the screen
/// only after 30 `requestAnimationFrame` callbacks (its refresh-rate estimate), so a browser that
/// draws no frames (a hidden tab, a headless browser on virtual time) never showed the screen.
@Suite("Capture page load")
struct CapturePageLoadTests {
    @Test(.enabled(if: HeadlessBrowser.isInstalled, "needs chromium (tools/setup browser)"))
    func theScreenLoadsInABrowserThatDrawsNoFrames() async throws {
        let folder = try temporaryFolder()
        let server = try await RunningServer(host: "127.0.0.1", in: folder)
        let url = server.base + "/?token=" + server.token
        // Chromium on virtual time runs no animation frame callbacks; its wait runs off the
        // concurrency pool that serves the page.
        let result: Result<(dom: String, log: String), any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { try HeadlessBrowser.dom(url: url, virtualTimeBudget: 5000, in: folder) })
            }
        }
        await server.stop()
        let (dom, _) = try result.get()
        #expect(dom.contains("data-ready=\"true\""), "the page never drew the scenario's screen: \(dom.prefix(600))")
        #expect(!dom.contains("Loading the screen"), "the hint still says the screen is loading")
    }
}
