import ReelKit
import ReelKitExamples

// Version A of the examples: the card dismisses past 35 % of its height.
ReelKitServer.main(scenes: ExampleScenes.all(cardThreshold: 0.35), name: "reelkit-examples", version: "A")
