import ReelGestures
import ReelTrace

extension InteractionDriver {
    /// The recognizer of the zoom dismissal's sub-interaction the scenario's trigger names (a pan:
    /// swipeDown, an edge pan: edgePan from the leading edge, a pinch: pinch), with the finger
    /// travel for progress 1 and the dismissing direction. A drag and an edge swipe reach progress
    /// 1 after `systemzoom.drag_extent`; a pinch at scale `systemzoom.min_scale`.
    static func zoomDismissRecognizer(
        spec: ScenarioSpec, profile: EngineProfile, device: Device, pan: any InteractionRecognizer,
        velocity: VelocityEstimator.Parameters
    ) -> (recognizer: any InteractionRecognizer, extent: Double, direction: GestureVector) {
        let touchModel = TouchModel(rawValue: profile.string(.gestureEventModel))!
        let travel = profile.number(.systemzoomDragExtent)
        switch spec.trigger.kind {
        case .pinch:
            return (pinch(profile: profile, touchModel: touchModel), 1 - profile.number(.systemzoomMinScale), .zero)
        case .edgePan:
            let edge = BackSwipeLayout(spec: spec, device: device, profile: profile).edge
            let parameters = ScreenEdgePanRecognizer.Parameters(
                edge: edge, edgeRegionSize: profile.number(.backswipeEdgeRegion),
                hysteresis: profile.number(.backswipeEdgeHysteresis),
                maximumSwipeDuration: profile.number(.backswipeMaxSwipeDuration),
                driftBase: profile.number(.backswipeVerticalFailBase), driftLimit: profile.number(.backswipeVerticalFailCap),
                driftRun: profile.number(.backswipeVerticalFailRun), translationHysteresis: profile.number(.panHysteresis),
                velocity: velocity, touchModel: touchModel)
            let recognizer = ScreenEdgePanRecognizer(parameters: parameters, screenWidth: device.width, screenHeight: device.height)
            return (recognizer, travel, edge.inward)
        case .pan, .tap:
            return (pan, travel, GestureVector(x: 0, y: 1))
        }
    }
}
