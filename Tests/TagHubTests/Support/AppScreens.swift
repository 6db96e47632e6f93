import TagHub

/// An app with tabs, stacks, sheets, covers and a split view: what the screen tracker's tests
/// present.
enum AppScreens: AnalyticsSchema {
    enum Screen: Sendable, Hashable, CustomStringConvertible {
        /// The split view's sidebar.
        case sidebar
        /// Tabs, each with its own stack.
        case libraryTab, searchTab
        /// Screens in the stacks.
        case library, search
        case podcast(Int)
        /// Presented over the others.
        case favorites, player, onboarding
        /// For tests that need many screens.
        case numbered(Int)

        var description: String {
            switch self {
            case .sidebar: "sidebar"
            case .libraryTab: "libraryTab"
            case .searchTab: "searchTab"
            case .library: "library"
            case .podcast(let number): "podcast(\(number))"
            case .search: "search"
            case .favorites: "favorites"
            case .player: "player"
            case .onboarding: "onboarding"
            case .numbered(let number): "\(number)"
            }
        }
    }

    enum UserAction: Sendable, Hashable { case play(Int) }
    typealias Event = Never
    typealias State = Never
}
