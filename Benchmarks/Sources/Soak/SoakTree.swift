import Workflow

/// The shape of the soak tree at one moment: sections of rows, each row an
/// id. The driver keeps the same value beside the host, as its model.
struct SoakLayout: Equatable {
    struct Section: Equatable {
        var id: Int
        var rows: [Int]
    }

    var sections: [Section]
}

/// The root: its state is the layout, changed by churn actions; each section
/// is a child keyed by its id. `startCounts` seeds the rows' counters, empty
/// on the soaked host (every row starts at zero) and set to the model's counts
/// on the reference host built at a checkpoint.
struct SoakRoot: Workflow {
    var initialLayout: SoakLayout
    var startCounts: [Int: Int]

    typealias State = SoakLayout

    func makeInitialState() -> SoakLayout { initialLayout }

    enum Action: WorkflowAction {
        typealias WorkflowType = SoakRoot
        case replaceRow(section: Int, at: Int, newID: Int)
        case swapRows(section: Int, Int, Int)
        case replaceSection(at: Int, with: SoakLayout.Section)
        case exchangeRows(section: Int, at: Int, withSection: Int, otherAt: Int)

        func apply(toState layout: inout SoakLayout, context: ApplyContext<SoakRoot>) -> Never? {
            layout.apply(self)
            return nil
        }
    }

    struct Screen {
        var sections: [SectionScreen]
        var sink: Sink<Action>
    }

    func render(state layout: SoakLayout, context: RenderContext<SoakRoot>) -> Screen {
        var sections: [SectionScreen] = []
        sections.reserveCapacity(layout.sections.count)
        for section in layout.sections {
            sections.append(
                SoakSection(id: section.id, rows: section.rows, startCounts: startCounts)
                    .rendered(in: context, key: String(section.id))
            )
        }
        return Screen(sections: sections, sink: context.makeSink(of: Action.self))
    }
}

extension SoakLayout {
    /// One churn action, applied the same way by the root and by the model.
    mutating func apply(_ action: SoakRoot.Action) {
        switch action {
        case let .replaceRow(section, index, newID):
            sections[section].rows[index] = newID
        case let .swapRows(section, first, second):
            sections[section].rows.swapAt(first, second)
        case let .replaceSection(index, newSection):
            sections[index] = newSection
        case let .exchangeRows(first, firstIndex, second, secondIndex):
            let row = sections[first].rows[firstIndex]
            sections[first].rows[firstIndex] = sections[second].rows[secondIndex]
            sections[second].rows[secondIndex] = row
        }
    }
}

struct SectionScreen {
    var id: Int
    var rows: [RowScreen]
}

/// A section: stateless, a keyed list of rows. Its props are `Equatable`, so
/// a section whose rows did not change is skipped.
struct SoakSection: Workflow, Equatable {
    var id: Int
    var rows: [Int]
    var startCounts: [Int: Int]

    typealias State = Void

    func render(state: Void, context: RenderContext<SoakSection>) -> SectionScreen {
        var screens: [RowScreen] = []
        screens.reserveCapacity(rows.count)
        for row in rows {
            screens.append(SoakRow(id: row, startCount: startCounts[row] ?? 0).rendered(in: context, key: String(row)))
        }
        return SectionScreen(id: id, rows: screens)
    }
}

struct RowScreen {
    var id: Int
    var count: Int
    var bump: Sink<SoakRow.Action>
}

/// Side effects started and ended so far, by every host of the process.
enum LiveEffects {
    static var started = 0
    static var ended = 0
    static var running: Int { started - ended }
}

/// A row: a counter bumped by its own sink; while the count is odd it runs a
/// side effect, so bumps start and end lifetimes.
struct SoakRow: Workflow, Equatable {
    var id: Int
    var startCount: Int

    typealias State = Int

    func makeInitialState() -> Int { startCount }

    enum Action: WorkflowAction {
        typealias WorkflowType = SoakRow
        case bump

        func apply(toState count: inout Int, context: ApplyContext<SoakRow>) -> Never? {
            count += 1
            return nil
        }
    }

    func render(state count: Int, context: RenderContext<SoakRow>) -> RowScreen {
        if count % 2 == 1 {
            context.runSideEffect(key: 0) { lifetime in
                LiveEffects.started += 1
                lifetime.onEnded { LiveEffects.ended += 1 }
            }
        }
        return RowScreen(id: id, count: count, bump: context.makeSink(of: Action.self))
    }
}
