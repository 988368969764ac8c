import Workflow

/// W1's leaf: stateless, its rendering made from its props only.
public struct WideLeaf: Workflow, Equatable {
    public var index: Int
    public var generation: Int

    public typealias State = Void

    public func render(state: Void, context: RenderContext<WideLeaf>) -> LeafScreen {
        RenderCount.value &+= 1
        return LeafScreen(index: index, generation: generation)
    }
}

public struct LeafScreen: Equatable {
    public var index: Int
    public var generation: Int
}

/// W1's root: `count` leaves keyed "child-i". A new `generation` changes the
/// props of every leaf (W1c's forced re-render).
public struct WideRoot: Workflow {
    public var count: Int
    public var generation: Int

    public typealias State = Void

    public func render(state: Void, context: RenderContext<WideRoot>) -> [LeafScreen] {
        RenderCount.value &+= 1
        var screens: [LeafScreen] = []
        screens.reserveCapacity(count)
        for index in 0..<count {
            screens.append(WideLeaf(index: index, generation: generation).rendered(in: context, key: ChildKeys.key(index)))
        }
        return screens
    }
}

/// The vanilla W1 rendering: the same array, made by a loop that does what
/// each leaf's `render` does. One allocation (the array), like the runtimes'
/// root rendering.
@inline(never)
func vanillaWideRendering(count: Int, generation: Int) -> [LeafScreen] {
    var screens: [LeafScreen] = []
    screens.reserveCapacity(count)
    for index in 0..<count {
        screens.append(LeafScreen(index: index, generation: generation))
    }
    return screens
}

/// Whether `screens` is the W1 rendering for `generation`.
func checkWide(_ screens: [LeafScreen], count: Int, generation: Int) -> String? {
    guard screens.count == count else { return "\(screens.count) leaves, expected \(count)" }
    for (index, screen) in screens.enumerated() where screen != LeafScreen(index: index, generation: generation) {
        return "leaf \(index) rendered \(screen), expected generation \(generation)"
    }
    return nil
}
