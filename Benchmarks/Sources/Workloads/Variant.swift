/// How a workload is computed: on the fast runtime (`WorkflowHost`), on the
/// reference runtime (`ReferenceWorkflowHost`), or by hand-written plain
/// Swift that produces the same rendering with no runtime at all (the floor).
public enum Variant: String, CaseIterable, Sendable {
    case fast, reference, vanilla
}
