import JemallocStats
import Workflow
import WorkflowHostHarness

/// The cleared-list phase: a host whose root renders a keyed list of
/// `rows` stateless leaves, grown from empty in one update and cleared in
/// the next. Once the rows have ended, the host should hold about what it
/// held before the list.
struct ClearedListRoot: Workflow {
    var rows: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<ClearedListRoot>) -> [Int] {
        var ids: [Int] = []
        ids.reserveCapacity(rows)
        for id in 0..<rows {
            // Keys of up to 15 ASCII bytes are stored inline: no allocation.
            ids.append(ClearedListRow(id: id).rendered(in: context, key: String(id)))
        }
        return ids
    }
}

/// A row: a leaf rendering its id.
struct ClearedListRow: Workflow {
    var id: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<ClearedListRow>) -> Int { id }
}

/// jemalloc's allocated bytes around one grow-and-clear of the list.
struct ClearedListMemory {
    /// The host built, its list empty.
    var before: Int
    /// The list rendered, every row alive.
    var peak: Int
    /// The list cleared again: every row ended.
    var afterClear: Int
    var seconds: Double

    var retained: Int { afterClear - before }
}

/// Grows the list of a new host of type `Host` to `rows` and clears it;
/// nil if a rendering was wrong. Generic so that every call is specialised.
func measureClearedList<Host: WorkflowHosting>(on _: Host.Type, rows: Int) -> ClearedListMemory?
    where Host.WorkflowType == ClearedListRoot
{
    let started = ContinuousClock.now
    let host = Host(workflow: ClearedListRoot(rows: 0))
    let before = Jemalloc.snapshot().allocated
    host.update(workflow: ClearedListRoot(rows: rows))
    guard host.rendering.count == rows, host.rendering.last == rows - 1 else { return nil }
    let peak = Jemalloc.snapshot().allocated
    host.update(workflow: ClearedListRoot(rows: 0))
    guard host.rendering.isEmpty else { return nil }
    let afterClear = Jemalloc.snapshot().allocated
    let elapsed = ContinuousClock.now - started
    withExtendedLifetime(host) {}
    return ClearedListMemory(
        before: before, peak: peak, afterClear: afterClear,
        seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    )
}
