import Workflow

/// A row of W5's list: its id, its key (made once with the row, so that
/// render does not format strings) and its label.
public struct ListRowData: Equatable {
    public var id: Int
    public var key: String
    public var label: String
}

public struct RowScreen: Equatable {
    public var id: Int
    public var label: String
}

/// A row's workflow: stateless, rendered from its props.
public struct ListRow: Workflow, Equatable {
    public var id: Int
    public var label: String

    public typealias State = Void

    public func render(state: Void, context: RenderContext<ListRow>) -> RowScreen {
        RenderCount.value &+= 1
        return RowScreen(id: id, label: label)
    }
}

/// W5's root: its state is the list; each row is a child keyed by its id.
/// The list operations are actions carrying values made beforehand.
public struct ListRoot: Workflow {
    public typealias State = [ListRowData]

    public func makeInitialState() -> [ListRowData] { [] }

    public enum Action: WorkflowAction {
        public typealias WorkflowType = ListRoot
        case set([ListRowData])
        /// New labels for rows 0, step, 2*step, ...
        case relabel(step: Int, labels: [String])
        case swap(Int, Int)
        case remove(at: Int)
        case append([ListRowData])

        public func apply(toState rows: inout [ListRowData], context: ApplyContext<ListRoot>) -> Never? {
            applyListAction(self, to: &rows)
            return nil
        }
    }

    public struct Screen {
        public var rows: [RowScreen]
        public var sink: Sink<Action>
    }

    public func render(state rows: [ListRowData], context: RenderContext<ListRoot>) -> Screen {
        RenderCount.value &+= 1
        var screens: [RowScreen] = []
        screens.reserveCapacity(rows.count)
        for row in rows {
            screens.append(ListRow(id: row.id, label: row.label).rendered(in: context, key: row.key))
        }
        return Screen(rows: screens, sink: context.makeSink(of: Action.self))
    }
}

/// The list operations, shared by the workflow's action and the vanilla list.
@inline(__always)
func applyListAction(_ action: ListRoot.Action, to rows: inout [ListRowData]) {
    switch action {
    case let .set(newRows):
        rows = newRows
    case let .relabel(step, labels):
        var labelIndex = 0
        for index in stride(from: 0, to: rows.count, by: step) {
            rows[index].label = labels[labelIndex]
            labelIndex += 1
        }
    case let .swap(first, second):
        rows.swapAt(first, second)
    case let .remove(index):
        rows.remove(at: index)
    case let .append(more):
        rows.append(contentsOf: more)
    }
}

/// The vanilla W5 rendering: the row screens of the list.
@inline(never)
func vanillaListRendering(_ rows: [ListRowData]) -> [RowScreen] {
    var screens: [RowScreen] = []
    screens.reserveCapacity(rows.count)
    for row in rows {
        screens.append(RowScreen(id: row.id, label: row.label))
    }
    return screens
}
