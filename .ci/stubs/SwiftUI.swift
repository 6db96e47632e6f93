// Checked against Apple's SwiftUI documentation (developer.apple.com, as stored in 2026, the Xcode 27 SDK's): the declaration, isolation and availability of each member whose page is linked below with a declaration, but Text, State, DynamicProperty, EnvironmentValues' subscript, Scene, SceneBuilder, AnyView, EmptyView, TupleView, _ConditionalContent, ViewBuilder's other build methods and ScenePhase's conformances, whose pages are not stored (those view types are `nonisolated` as every one stored is).
//
// A stub of the SwiftUI API that TagHubUI and the docs' SwiftUI examples use, for type-checking
// them on Linux (.ci/typecheck-stubs). Never shipped, never run: every body traps.
//
// Each declaration follows the signature on its page of Apple's documentation, at the address
// above it, reduced to what type-checking needs: isolation (`@MainActor @preconcurrency` on the
// protocols, `nonisolated` on the view types, their initialisers and the modifiers), `Sendable`,
// generic constraints, labels, defaults and result builders are kept, and so are the availability
// attributes that matter at the package's platforms (iOS 16, macOS 13, tvOS 16, watchOS 9, and
// visionOS 1, which it does not name): introductions above them, deprecations, app extensions.
// The compiler does not check Apple platforms' availability when it compiles for Linux, so a
// deprecation that applies at those platforms is also written `@available(*, deprecated)`, which
// it does check: CI then warns where Xcode would warn on one of those platforms. Later
// deprecations (`tabItem(_:)` in the 27 releases, `WindowGroup.init(content:)` in iOS 18) are
// written for the reader only. Apple's pages now write the result builder `@ContentBuilder`, a
// type alias of `ViewBuilder` from the Xcode 27 SDK on; the stub writes `ViewBuilder`, which
// earlier SDKs declare, and code here names neither.

// MARK: - Views and modifiers

/// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewmodifier
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Content) -> Body
}

/// https://developer.apple.com/documentation/swiftui/viewmodifier/content
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/modifiedcontent
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/init(content:modifier:)
    nonisolated public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        fatalError()
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildlimitedavailability(_:)
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/tupleview
nonisolated public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/anyview
nonisolated public struct AnyView: View {
    public init<V: View>(_ view: V) {}
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/emptyview
nonisolated public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent
nonisolated public struct _ConditionalContent<TrueContent, FalseContent>: View {
    public var body: Never { fatalError() }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/modifier(_:)
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/onchange(of:perform:)
    /// Deprecated from iOS 17, macOS 14, tvOS 17 and watchOS 10, and on visionOS from its first
    /// version: Xcode warns when it builds the package for visionOS.
    @available(iOS, introduced: 14.0, deprecated: 17.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    @available(macOS, introduced: 11.0, deprecated: 14.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    @available(tvOS, introduced: 14.0, deprecated: 17.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    @available(watchOS, introduced: 7.0, deprecated: 10.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    @available(visionOS, introduced: 1.0, deprecated: 1.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    @available(*, deprecated, message: "Use `onChange` with a two or zero parameter action closure instead.")
    nonisolated public func onChange<V: Equatable>(
        of value: V,
        perform action: @escaping (_ newValue: V) -> Void
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    nonisolated public func onChange<V: Equatable>(
        of value: V,
        initial: Bool = false,
        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    nonisolated public func onChange<V: Equatable>(
        of value: V,
        initial: Bool = false,
        _ action: @escaping () -> Void
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        self
    }

    /// https://developer.apple.com/documentation/swiftui/view/sheet(ispresented:ondismiss:content:)
    nonisolated public func sheet<Content: View>(
        isPresented: Binding<Bool>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/tabitem(_:)
    /// Deprecated in the 27 releases (not on visionOS), above the package's platforms: no warning.
    @available(iOS, introduced: 13.0, deprecated: 27.0)
    @available(macOS, introduced: 10.15, deprecated: 27.0)
    @available(tvOS, introduced: 13.0, deprecated: 27.0)
    @available(watchOS, introduced: 7.0, deprecated: 27.0)
    @available(visionOS, introduced: 1.0)
    nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { self }
}

// MARK: - Environment and state

/// https://developer.apple.com/documentation/swiftui/environmentkey
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
    public init() {}
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { fatalError() }
        set {}
    }
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
    public var scenePhase: ScenePhase {
        get { fatalError() }
        set {}
    }
}

/// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

/// https://developer.apple.com/documentation/swiftui/environment
@propertyWrapper public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/binding
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/scenephase
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

// MARK: - Containers and controls

/// https://developer.apple.com/documentation/swiftui/text
nonisolated public struct Text: View {
    public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/button
nonisolated public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    @preconcurrency nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

/// https://developer.apple.com/documentation/swiftui/vstack
nonisolated public struct VStack<Content: View>: View {
    /// https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:): `alignment`
    /// and `spacing`, which have defaults, are left out.
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/navigationpath
public struct NavigationPath {
    public init() {}
}

/// https://developer.apple.com/documentation/swiftui/navigationstack
nonisolated public struct NavigationStack<Data, Root: View>: View {
    public var body: Never { fatalError() }
}

extension NavigationStack where Data == NavigationPath {
    /// https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
    public init(@ViewBuilder root: () -> Root) {}
}

/// https://developer.apple.com/documentation/swiftui/navigationlink
nonisolated public struct NavigationLink<Label: View, Destination: View>: View {
    /// https://developer.apple.com/documentation/swiftui/navigationlink/init(destination:label:)-27n7s
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/tabview
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

extension TabView where SelectionValue == Int {
    /// https://developer.apple.com/documentation/swiftui/tabview/init(content:)
    public init(@ViewBuilder content: () -> Content) {}
}

// MARK: - Apps and scenes

/// https://developer.apple.com/documentation/swiftui/app
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    /// https://developer.apple.com/documentation/swiftui/app/main()
    @MainActor @preconcurrency public static func main() {}
}

/// https://developer.apple.com/documentation/swiftui/scene
@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

/// https://developer.apple.com/documentation/swiftui/scenebuilder
@resultBuilder public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// https://developer.apple.com/documentation/swiftui/windowgroup
nonisolated public struct WindowGroup<Content: View>: Scene {
    /// https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    /// Deprecated from iOS 18, macOS 15, tvOS 18, watchOS 11 and visionOS 2, above the package's
    /// platforms: no warning. Its successor, `init(makeContent:)` (iOS 14 and later, an escaping
    /// closure), is left out: which of the two a trailing closure selects on Apple's SDK could
    /// not be checked.
    @available(iOS, introduced: 14.0, deprecated: 18.0)
    @available(macOS, introduced: 11.0, deprecated: 15.0)
    @available(tvOS, introduced: 14.0, deprecated: 18.0)
    @available(watchOS, introduced: 7.0, deprecated: 11.0)
    @available(visionOS, introduced: 1.0, deprecated: 2.0)
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

extension Never: Scene {}
