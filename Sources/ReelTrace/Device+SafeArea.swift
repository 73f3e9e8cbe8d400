/// The safe area a full-screen window of a device has in the orientation its size describes
/// (width < height: portrait).
public struct SafeAreaInsets: Sendable, Hashable {
    /// Points under the status bar, sensor housing or Dynamic Island.
    public var top: Double
    /// Points above the home indicator.
    public var bottom: Double

    public init(top: Double, bottom: Double) {
        self.top = top
        self.bottom = bottom
    }
}

extension Device {
    /// The window's safe area insets, derived from the screen size in points (a session stores
    /// only width, height and scale). Portrait iPhones by screen size: 20 pt status bar for
    /// home-button phones (568, 667, 736 pt tall), 44 for the 812 pt X family (the 12/13 mini,
    /// also 812 pt, have 50), 48 for the 896 pt @2x XR / 11, 44 for the 896 pt @3x Max,
    /// 47 for the 844 / 926 pt 12-14 family, 59 for the 852 / 932 pt Dynamic Island phones,
    /// 62 for the 874 / 956 pt 16 Pro family; a home indicator of 34 pt on every phone without
    /// a home button. Phones in landscape (width > height, height < 500): no top inset, 21 pt
    /// bottom on phones without a home button. iPads (shorter side 744 pt and up): 24 pt top and
    /// 20 pt bottom, 20 and 0 for the 768 x 1024 home-button iPads. Other sizes: a 20 pt status
    /// bar, plus a home indicator when the aspect ratio is 2 or more (a full-screen phone).
    public var safeAreaInsets: SafeAreaInsets {
        let long = max(width, height)
        let short = min(width, height)
        let fullScreenPhone = long / short >= 2
        if short < 500 && width > height { return SafeAreaInsets(top: 0, bottom: fullScreenPhone ? 21 : 0) }
        if short >= 744 {
            return short == 768 && long == 1024 ? SafeAreaInsets(top: 20, bottom: 0) : SafeAreaInsets(top: 24, bottom: 20)
        }
        let top: Double
        switch (width, height) {
        case (_, 568), (_, 667), (_, 736): return SafeAreaInsets(top: 20, bottom: 0)
        case (375, 812): top = 44
        case (414, 896): top = scale < 3 ? 48 : 44
        case (390, 844), (428, 926): top = 47
        case (393, 852), (430, 932): top = 59
        case (402, 874), (440, 956): top = 62
        default: return SafeAreaInsets(top: 20, bottom: fullScreenPhone ? 34 : 0)
        }
        return SafeAreaInsets(top: top, bottom: 34)
    }
}
