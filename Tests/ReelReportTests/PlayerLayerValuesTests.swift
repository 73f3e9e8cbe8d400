import Foundation
import ReelTrace
import Testing

@testable import ReelReport

/// The layer's values in a player's JSON (`PlayerJSON`): a trailing group of four numbers in a
/// view's array when the view sets one of them, and not a byte more for a trace that sets none.
@Suite struct PlayerLayerValuesTests {
    /// A player of one session whose only frame holds `views`: no touches, no events, no replayed side.
    static func player(_ views: [ViewState]) -> PlayerSession {
        let trace = Trace(
            frames: [Frame(index: 0, t: 0.5, progress: 0.25, views: views)], events: [],
            outcome: Outcome(completed: true, t: 0.75, hierarchy: "{}"))
        return PlayerSession(
            sessionID: 7, scenario: "card.corner-spring", device: .phone, refreshHz: 60, firstDivergentFrame: nil,
            touches: [], recorded: PlayerTrace(trace, divergentEvents: []), replayed: nil, replayedNote: nil)
    }

    /// The recorded frame's VIEW arrays of `player`'s JSON, read back.
    static func views(_ player: PlayerSession) throws -> [[Double]] {
        let data = try #require(JSONSerialization.jsonObject(with: Data(PlayerJSON.encode(player).utf8)) as? [String: Any])
        let recorded = try #require(data["recorded"] as? [String: Any])
        let frames = try #require(recorded["frames"] as? [[Any]])
        return try #require(frames.first?[3] as? [[Double]])
    }

    static let tilt = AffineTransform(a: 0.9, b: 0.1, c: -0.1, d: 0.9, tx: 4, ty: -2)

    /// A corner radius of 12 and a shadow opacity of 0.3 end the card's array with the mask's five
    /// numbers, after the frame and alpha (15 numbers) or after the transform (21); a view without
    /// layer values keeps its 6.
    @Test func layerValuesTrailTheView() throws {
        let views = try Self.views(
            Self.player([
                ViewState(key: "back", x: 0, y: 0, w: 390, h: 844, z: 0),
                ViewState(key: "card", x: 0, y: 400, w: 390, h: 444, alpha: 0.5, z: 1, cornerRadius: 12, shadowOpacity: 0.3),
                ViewState(
                    key: "tilted", x: 10, y: 20, w: 100, h: 50, transform: Self.tilt, z: 2, cornerRadius: 12.004,
                    borderWidth: 1.5, shadowOpacity: 0.30004, shadowRadius: 6),
            ]))
        #expect(views.count == 3)
        #expect(views[0] == [0, 0, 0, 390, 844, 1])
        // Key index 1, frame, alpha, then [cornerRadius, borderWidth, shadowOpacity, shadowRadius]
        // and the mask's kind and bounds (none).
        #expect(views[1] == [1, 0, 400, 390, 444, 0.5] + [12, 0, 0.3, 0] + [0, 0, 0, 0, 0])
        // The transform's six numbers come first; the layer's are rounded as the others (points to
        // 0.01, the opacity to 1e-4).
        #expect(views[2] == [2, 10, 20, 100, 50, 1] + [0.9, 0.1, -0.1, 0.9, 4, -2] + [12, 1.5, 0.3, 6] + [0, 0, 0, 0, 0])
        // A circular mask (a shape layer, kind 1) of a 44 pt circle at (173, 738) alone.
        let masked = try Self.views(
            Self.player([
                ViewState(key: "detail", x: 0, y: 0, w: 390, h: 844, z: 0, maskKind: 1, maskX: 173, maskY: 738, maskW: 44, maskH: 44)
            ]))
        #expect(masked == [[0, 0, 0, 390, 844, 1] + [0, 0, 0, 0] + [1, 173, 738, 44, 44]])
    }

    /// A trace that sets no layer value (or only values that round to 0) gives exactly the text it
    /// gave before the layer's values existed: views of 6 or 12 numbers, written out here.
    @Test func aTraceWithoutLayerValuesWritesTheSameText() {
        let expected =
            #"{"id":7,"scenario":"card.corner-spring","screen":[390,844],"hz":60,"first":null,"touches":[],"#
            + #""keys":["back","card"],"recorded":{"finished":true,"end":0.75,"frames":[[0,0.5,0.25,["#
            + #"[0,0,0,390,844,1],[1,0,400,390,444,0.5,0.9,0.1,-0.1,0.9,4,-2]]]],"events":[]},"#
            + #""replayed":null,"note":null}"#
        let plain = Self.player([
            ViewState(key: "back", x: 0, y: 0, w: 390, h: 844, z: 0),
            ViewState(key: "card", x: 0, y: 400, w: 390, h: 444, alpha: 0.5, transform: Self.tilt, z: 1),
        ])
        #expect(PlayerJSON.encode(plain) == expected)
        let belowRounding = Self.player([
            ViewState(key: "back", x: 0, y: 0, w: 390, h: 844, z: 0, cornerRadius: 0.001, shadowOpacity: 0.00001),
            ViewState(key: "card", x: 0, y: 400, w: 390, h: 444, alpha: 0.5, transform: Self.tilt, z: 1, borderWidth: -0.004),
        ])
        #expect(PlayerJSON.encode(belowRounding) == expected)
        // The content offset is no drawn value: the subviews' frames already place scrolled content.
        let scrolled = Self.player([
            ViewState(key: "back", x: 0, y: 0, w: 390, h: 844, z: 0, contentOffsetY: 120),
            ViewState(key: "card", x: 0, y: 400, w: 390, h: 444, alpha: 0.5, transform: Self.tilt, z: 1),
        ])
        #expect(PlayerJSON.encode(scrolled) == expected)
    }
}
