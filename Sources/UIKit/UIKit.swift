// On platforms without Apple's frameworks, `import UIKit` is ReelKit (docs/KIT.md, "Imports stay").
@_exported import ReelKit
