// On platforms without Apple's frameworks, `import CoreGraphics` is ReelKit (docs/KIT.md, "Imports
// stay"): CGFloat, CGPoint, CGSize and CGRect from Foundation, CGAffineTransform from ReelKit.
@_exported import ReelKit
