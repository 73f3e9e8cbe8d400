import ReelKit

/// The examples' scenes, as the examples' executables serve them.
public enum ExampleScenes {
    /// Every example; the card's dismissal threshold is the version's (A 0.35, B 0.45).
    public static func all(cardThreshold: CGFloat) -> [ReelKitScene] {
        [
            SwipeDismissExample.scene, SystemPopExample.scene, SystemPushExample.scene, BouncePresentExample.scene, MailSheetExample.scene,
            CardDismissExample.scene(threshold: cardThreshold),
            HalfSheetExample.scene,
            NavigationExample.popScene, NavigationExample.pushScene, PinchCloseExample.scene,
            InterruptibleCardExample.scene,
            LoggingCardExample.scene,
            ConstraintSheetExample.scene,
            TabSlideExample.scene, DirectionalPanExample.scene, BlurDrawerExample.scene,
            ScrollDismissExample.scene,
            CornerSpringCardExample.scene, CircularRevealExample.scene, ScrubbedDrawerExample.scene,
        ]
    }
}
