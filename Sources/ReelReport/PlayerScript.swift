/// The report's only script: brings each session player (`PlayerHTML`) to life from its embedded
/// JSON (`PlayerJSON`). Without it the page keeps its tables and static plots.
///
/// A player draws the recorded and replayed screens at the same time `t` (each side's latest
/// frame at or before `t`), every visible view as its rectangle (frame, alpha, the affine
/// transform about the view's center, back to front; its layer's corner radius, clamped to half
/// the shorter side, its border as a stroke inside the edge, its shadow as a drop-shadow filter),
/// each finger's path so far and its current touch. The scrubber steps through the union of both sides' frame times; arrow keys step one
/// frame, space plays and pauses, the speed menu plays at 1x or 0.25x. Event strips share the
/// scrubber's time axis. `#session-ID&frame=N` in the URL seeks that player to recorded frame N
/// through its scrubber. After each drawing the player's `data-drawn` attribute holds what was
/// drawn, measured back from the page (points), so a headless browser can check it.
/// Its text is Sources/ReelReport/Resources/player.js, compiled in (Package.swift, `embedInCode`).
package enum PlayerScript {
    package static let source = scriptText(PackageResources.player_js)
    /// `source` as the page's markup (the package's own script file).
    static let markup = HTMLMarkup.trusted(source)

    /// A script file's text without its final line break: the page writes its own around each script.
    static func scriptText(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}
