// The hidden requirements of the public protocols, and their defaults.
//
// Why they exist: code of this module that is generic over a user's type runs
// unspecialised, because the user's type lives in another module. A protocol
// requirement is the one thing that crosses that boundary specialised: the
// conformance's witness is compiled where the concrete type is known, so a
// call through the requirement runs code made for that type (no boxing, no
// generic dispatch inside). Each requirement below exists only to give the
// runtime such an entry on a hot path.
//
// Swift needs a requirement to be declared in the protocol's body; each body
// declares them on one line, pointing here, and everything else is in this
// file. They are not for user code: the defaults here are the only witnesses,
// except where a type of this package gives its own below (and the workers of
// WorkflowConcurrency and WorkflowCombine, in their HiddenRequirements.swift).

// MARK: - Rendering a child

// `AnyWorkflowConvertible._renderAsChild`: the entry of the hottest call of a
// render pass, `rendered(in:)` and its overloads. A concrete `Workflow` goes
// straight to the runtime with its own type, `AnyWorkflow` opens its box, and
// only other conformers pay for `asAnyWorkflow()`.

extension AnyWorkflowConvertible {
    @preconcurrency @MainActor @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        asAnyWorkflow()._renderAsChild(in: context, key: key, outputMap: outputMap)
    }
}

extension Workflow {
    /// A concrete workflow renders as its own node, specialised for `Self`.
    @preconcurrency @MainActor @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        context.render(workflow: self, key: key, outputMap: outputMap)
    }
}

extension AnyWorkflow {
    /// Opens the box: the child node has the wrapped workflow's type (R2).
    @preconcurrency @MainActor @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        storage.render(in: context, key: key, outputMap: outputMap)
    }
}

// MARK: - Render skipping's comparisons (S1, S2)

// `Workflow._renderSkippingEquality` and `_renderSkippingStateEquality`: `==`
// of two workflow values, or of two states, chosen at the conformance: `==`
// where the type is `Equatable` there, `nil` otherwise. A conformance the
// compiler cannot see at that point (a conditional or retroactive
// `Equatable`) falls back to `Equality`, found once per type at run time.
// The runtime never asks them of a class.

extension Workflow {
    @inlinable
    public static func _renderSkippingEquality(_ lhs: Self, _ rhs: Self) -> Bool? { nil }

    @inlinable
    public static func _renderSkippingStateEquality(_ lhs: State, _ rhs: State) -> Bool? { nil }
}

extension Workflow where Self: Equatable {
    @inlinable
    public static func _renderSkippingEquality(_ lhs: Self, _ rhs: Self) -> Bool? {
        lhs == rhs
    }
}

extension Workflow where State: Equatable {
    @inlinable
    public static func _renderSkippingStateEquality(_ lhs: State, _ rhs: State) -> Bool? {
        lhs == rhs
    }
}

// MARK: - Sending an action (R13)

// `WorkflowAction._sendToFastRuntime`: a sink made by the fast runtime hands
// its action in through this requirement, so that the send runs specialised
// for the action's type; the registration (`ActionSinkTarget`) is a generic
// class, whose own methods never are. `target` is that registration, typed
// `AnyObject` because a requirement of a public protocol can only name public
// types and the registration is the engine's: the registration passes itself,
// always of exactly this type, which is what makes the unchecked cast sound.

extension WorkflowAction {
    @MainActor @inlinable
    public static func _sendToFastRuntime(_ action: Self, target: AnyObject) {
        let target = unsafeDowncast(target, to: ActionSinkTarget<Self>.self)
        target.runtime.receive(action, from: target)
    }
}
