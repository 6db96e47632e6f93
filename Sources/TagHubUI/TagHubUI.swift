// TagHubUI: thin SwiftUI and UIKit glue over the core's ScreenTracker. Everything here is behind
// `#if canImport(SwiftUI)` or `#if canImport(UIKit)`: on Linux the module is empty. CI type-checks
// it against a stub of the Apple API it uses (`.ci/typecheck-stubs`); it is not compiled against
// Apple's SDKs here.
import TagHub
