import Workflow

/// What the scripted session needs of a host. `WorkflowHost` and
/// `ReferenceWorkflowHost` both have these members, so either can run it;
/// like them, it is used on the main actor.
@MainActor
public protocol InboxHosting: AnyObject {
    /// The latest screen.
    var rendering: InboxScreen { get }
    /// Every screen published from now on.
    var renderings: AsyncStream<InboxScreen> { get }
}

extension WorkflowHost: InboxHosting where WorkflowType == InboxWorkflow {}
