import XCTest

/// Swipes the sample app's card a few times (short drags spring back, long ones dismiss); the
/// recorder writes each gesture to the app's Documents/reel, which the workflow exports.
final class SwipeTests: XCTestCase {
    func testSwipesAreRecorded() throws {
        let app = XCUIApplication()
        app.launch()
        let card = app.otherElements["card"]
        XCTAssertTrue(card.waitForExistence(timeout: 10))
        // A short drag (cancelled: the card springs back), then a long one (finished).
        let start = card.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.2))
        start.press(forDuration: 0.05, thenDragTo: start.withOffset(CGVector(dx: 0, dy: 60)))
        sleep(2)
        start.press(forDuration: 0.05, thenDragTo: start.withOffset(CGVector(dx: 0, dy: 400)))
        sleep(2)
        XCTAssertFalse(card.exists, "the long drag dismissed the card")
    }
}
