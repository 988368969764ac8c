import Workflow

/// A side effect the render is expected to run, and, for
/// `expectSideEffect(key:producingAction:)`, the action sent in its place.
struct SideEffectExpectation<WorkflowType: Workflow> {
    let key: AnyHashable
    let file: StaticString
    let line: UInt
    let producedAction: ((MockRenderContext<WorkflowType>) -> Void)?
}
