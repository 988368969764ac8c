/// What the soaked host should show, kept by the driver beside it: the
/// layout and every row's count. A row that ends (replaced, moved, in a
/// replaced section, moved to another section) loses its count: a new node starts from zero. The
/// counts hold exactly the live rows, so the model's own memory stays flat.
struct SoakModel {
    var layout: SoakLayout
    var counts: [Int: Int]
    private(set) var nextID: Int

    init(sections: Int, rowsPerSection: Int) {
        var nextID = 0
        var layoutSections: [SoakLayout.Section] = []
        for _ in 0..<sections {
            let id = nextID
            let rows = Array(nextID + 1...nextID + rowsPerSection)
            nextID += rowsPerSection + 1
            layoutSections.append(SoakLayout.Section(id: id, rows: rows))
        }
        layout = SoakLayout(sections: layoutSections)
        counts = [:]
        for section in layoutSections {
            for row in section.rows { counts[row] = 0 }
        }
        self.nextID = nextID
    }

    mutating func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// Rows whose count is odd: each runs one side effect.
    var oddRows: Int { counts.values.reduce(0) { $0 + ($1 % 2) } }

    var rowCount: Int { layout.sections.reduce(0) { $0 + $1.rows.count } }

    mutating func bump(_ row: Int) {
        counts[row]! += 1
    }

    /// Applies a churn action and forgets the counts of the rows it ended.
    mutating func apply(_ action: SoakRoot.Action) {
        switch action {
        case let .replaceRow(section, index, newID):
            counts[layout.sections[section].rows[index]] = nil
            counts[newID] = 0
        case .swapRows:
            break
        case let .replaceSection(index, newSection):
            for row in layout.sections[index].rows { counts[row] = nil }
            for row in newSection.rows { counts[row] = 0 }
        case let .exchangeRows(first, firstIndex, second, secondIndex) where first != second:
            // Under another parent a row is a new node; within its own
            // section it keeps its node.
            counts[layout.sections[first].rows[firstIndex]] = 0
            counts[layout.sections[second].rows[secondIndex]] = 0
        case .exchangeRows:
            break
        }
        layout.apply(action)
    }
}
