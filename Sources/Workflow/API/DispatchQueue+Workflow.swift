import Dispatch

extension DispatchQueue {
    /// The queue all workflow runtime work happens on: the main queue (R22).
    @_spi(WorkflowInternals)
    public static let workflowExecution: DispatchQueue = .main
}
