import CardScenes
import Foundation
import ReelTesting
import XCTest

/// The same net with XCTest, whose test methods run on the main thread: the replay runs beside
/// it while the main run loop turns, so the ReelKit scenes can run on the main actor.
final class CardTransitionXCTests: XCTestCase {
    func testThisBuildDecidesAsTheReleasedOne() throws {
        XCTAssertTrue(Thread.isMainThread)
        let archive = try CardTransitionTests.releasedArchive()
        let outcome = try XCTAssertArchiveReplays(archive, against: CardScenes.engine(version: "this build"))
        XCTAssertTrue(outcome.passed)
        XCTAssertEqual(outcome.matched, outcome.sessions)
    }
}
