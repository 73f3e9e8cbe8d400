import ReelKit
import ReelKitExamples

// Version B: the same examples with the card's threshold moved to 45 % (the regression a team meets).
ReelKitServer.main(scenes: ExampleScenes.all(cardThreshold: 0.45), name: "reelkit-examples", version: "B")
