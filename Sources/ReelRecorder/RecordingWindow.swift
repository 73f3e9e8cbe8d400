import UIKit

/// A window that hands every touch event to a `TouchRecorder` before delivering it as usual: the
/// app makes its window of this class (in its scene delegate) when recording is on.
///
/// ```swift
/// #if DEBUG
///     window = RecordingWindow(frame: scene.coordinateSpace.bounds, recorder: recorder)
/// #endif
/// ```
open class RecordingWindow: UIWindow {
    /// The recorder the window's touches go to (nil: nothing is recorded).
    public var recorder: TouchRecorder?

    public init(frame: CGRect, recorder: TouchRecorder?) {
        self.recorder = recorder
        super.init(frame: frame)
    }

    #if os(iOS) || os(tvOS) || os(visionOS)
        // UIKit-only: a UIWindow subclass with its own initializer must declare the coder one.
        public required init?(coder: NSCoder) { nil }
    #endif

    open override func sendEvent(_ event: UIEvent) {
        recorder?.record(event, in: self)
        super.sendEvent(event)
    }
}
