// On platforms without Apple's frameworks, `import QuartzCore` is ReelKit (docs/KIT.md, "Imports
// stay"): no layers are modelled; code that names only UIView animation compiles.
@_exported import ReelKit
