import Foundation
import JemallocStats
import Workflow
import WorkflowHostHarness
import WorkflowReference
import Workloads

// soak: a long run of random events on a 10,000-row tree with churn (rows
// replaced, exchanged between sections and reordered, whole sections
// replaced, side effects started and ended by counters), on the fast host. Every checkpoint prints
// jemalloc's allocated bytes and checks the host against the driver's model
// and against a reference host built from that model. Fails (exit 1) if
// memory after the first checkpoint (the warm-up) moves more than 5%, if the
// hosts disagree, or if a lifetime is still running after the host is gone.
// Before the churn, the cleared-list phase (ClearedList.swift) grows a keyed
// list of --list-rows leaves on a fast host and on a reference host, clears
// it, and fails if the fast host then holds more than `clearedListLimit`
// above what it held before the list.
//
//   soak [--events N] [--checkpoint N] [--seed N] [--sections N] [--rows N] [--list-rows N]

func fail(_ message: String) -> Never {
    print("soak: FAILED: \(message)")
    exit(1)
}

var events = 1_000_000
var checkpoint = 100_000
var seed: UInt64 = 0x50A6
var sectionCount = 100
var rowsPerSection = 100
var listRows = 1_000_000
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
        fail("usage: soak [--events N] [--checkpoint N] [--seed N] [--sections N] [--rows N] [--list-rows N]")
    }
    switch argument {
    case "--events": events = value
    case "--checkpoint": checkpoint = value
    case "--seed": seed = UInt64(value)
    case "--sections": sectionCount = value
    case "--rows": rowsPerSection = value
    case "--list-rows": listRows = value
    default: fail("unknown option \(argument)")
    }
}
guard Jemalloc.isActive else { fail("jemalloc is not serving malloc") }

/// The rows and counts a rendering shows, to compare two hosts' screens.
func shown(_ screen: SoakRoot.Screen) -> [[(id: Int, count: Int)]] {
    screen.sections.map { $0.rows.map { (id: $0.id, count: $0.count) } }
}

func check(_ host: WorkflowHost<SoakRoot>, against model: SoakModel, at event: Int) {
    let screen = host.rendering
    guard screen.sections.map(\.id) == model.layout.sections.map(\.id) else {
        fail("event \(event): the sections shown differ from the model's")
    }
    for (section, expected) in zip(screen.sections, model.layout.sections) {
        guard section.rows.map(\.id) == expected.rows else {
            fail("event \(event): section \(section.id) shows rows \(section.rows.map(\.id)), the model has \(expected.rows)")
        }
        for row in section.rows where row.count != model.counts[row.id] {
            fail("event \(event): row \(row.id) of section \(section.id) shows \(row.count), the model has \(model.counts[row.id] ?? -1)")
        }
    }
    guard LiveEffects.running == model.oddRows else {
        fail("event \(event): \(LiveEffects.running) side effects running, the model has \(model.oddRows) odd rows")
    }
    // The reference host, started from the model's layout and counts, must
    // show the same screen and start one side effect per odd row.
    let before = LiveEffects.running
    var reference: ReferenceWorkflowHost<SoakRoot>? = ReferenceWorkflowHost(
        workflow: SoakRoot(initialLayout: model.layout, startCounts: model.counts)
    )
    let referenceShown = shown(reference!.rendering)
    let fastShown = shown(screen)
    guard referenceShown.count == fastShown.count,
          zip(referenceShown, fastShown).allSatisfy({ $0.elementsEqual($1, by: { $0 == $1 }) })
    else { fail("event \(event): the reference host shows another screen") }
    guard LiveEffects.running - before == model.oddRows else {
        fail("event \(event): the reference host runs \(LiveEffects.running - before) side effects, expected \(model.oddRows)")
    }
    reference = nil
    guard LiveEffects.running == before else { fail("event \(event): the released reference host left side effects running") }
}

func mebibytes(_ bytes: Int) -> String { String(format: "%.2f MiB", Double(bytes) / 1_048_576) }

/// What the fast host may keep after its list was cleared: 4 MiB. The
/// runtime keeps room for 16,384 nodes in each container (about 1.8 MiB for
/// this list: arena, row store, child index, stack), and jemalloc counts
/// what its thread cache holds for reuse as allocated (the reference host,
/// which keeps nothing, comes back within 0.5 MiB). Below the smallest
/// container a million rows grow, the 4 MiB stack of children asked for,
/// so any container left at its peak fails the phase (the arena alone is
/// 64 MiB).
let clearedListLimit = 4 * 1_048_576

/// The cleared-list phase: prints both hosts' figures, fails if the fast
/// host keeps more than `clearedListLimit`.
func runClearedList(rows: Int) {
    guard let fast = measureClearedList(on: WorkflowHost<ClearedListRoot>.self, rows: rows) else {
        fail("cleared list: the fast host rendered a wrong list")
    }
    guard let reference = measureClearedList(on: ReferenceWorkflowHost<ClearedListRoot>.self, rows: rows) else {
        fail("cleared list: the reference host rendered a wrong list")
    }
    for (name, memory) in [("fast", fast), ("reference", reference)] {
        print(String(
            format: "soak: cleared list of %d rows, %@ host: before the list %@, peak %@, after clear %@ (%@ kept), %.1f s",
            rows, name, mebibytes(memory.before), mebibytes(memory.peak), mebibytes(memory.afterClear),
            mebibytes(memory.retained), memory.seconds
        ))
    }
    guard fast.retained <= clearedListLimit else {
        fail("the fast host kept \(mebibytes(fast.retained)) after its list of \(rows) rows was cleared (limit \(mebibytes(clearedListLimit)))")
    }
}

runClearedList(rows: listRows)

var random = SeededRandom(seed: seed)
var model = SoakModel(sections: sectionCount, rowsPerSection: rowsPerSection)
let baseline = Jemalloc.snapshot().allocated
var host: WorkflowHost<SoakRoot>? = WorkflowHost(workflow: SoakRoot(initialLayout: model.layout, startCounts: [:]))
print("soak: \(events) events on \(1 + sectionCount * (1 + rowsPerSection)) nodes, seed \(seed), checkpoint every \(checkpoint)")

var warmUp: Int?
var worstDrift = 0.0
let started = Date()
for event in 1...events {
    let screen = host!.rendering
    let section = Int.random(in: 0..<sectionCount, using: &random)
    let rows = screen.sections[section].rows
    let choice = Int.random(in: 0..<100, using: &random)
    if rows.isEmpty || choice >= 95 {
        // Replace a whole section (same size, new rows): a subtree ends and
        // another starts.
        let size = model.layout.sections[section].rows.count
        let newRows = (0..<size).map { _ in model.makeID() }
        let action = SoakRoot.Action.replaceSection(at: section, with: .init(id: model.makeID(), rows: newRows))
        model.apply(action)
        screen.sink.send(action)
    } else if choice < 70 {
        let row = Int.random(in: 0..<rows.count, using: &random)
        model.bump(rows[row].id)
        rows[row].bump.send(.bump)
    } else if choice < 80 {
        let action = SoakRoot.Action.replaceRow(section: section, at: Int.random(in: 0..<rows.count, using: &random), newID: model.makeID())
        model.apply(action)
        screen.sink.send(action)
    } else if choice < 90 {
        let action = SoakRoot.Action.swapRows(
            section: section,
            Int.random(in: 0..<rows.count, using: &random),
            Int.random(in: 0..<rows.count, using: &random)
        )
        model.apply(action)
        screen.sink.send(action)
    } else {
        // Two rows of two sections change places: both sections keep their
        // size, so the tree's shape (and memory) stays the same.
        let other = Int.random(in: 0..<sectionCount, using: &random)
        let action = SoakRoot.Action.exchangeRows(
            section: section,
            at: Int.random(in: 0..<rows.count, using: &random),
            withSection: other,
            otherAt: Int.random(in: 0..<model.layout.sections[other].rows.count, using: &random)
        )
        model.apply(action)
        screen.sink.send(action)
    }

    if event % checkpoint == 0 || event == events {
        let allocated = Jemalloc.snapshot().allocated - baseline
        check(host!, against: model, at: event)
        var line = "soak: \(event) events, \(mebibytes(allocated)) allocated, \(LiveEffects.running) side effects running"
        if let warmUp {
            let drift = Double(allocated - warmUp) / Double(warmUp)
            worstDrift = max(worstDrift, abs(drift))
            line += String(format: ", %+.2f%% against warm-up", drift * 100)
        } else {
            warmUp = allocated
            line += " (warm-up)"
        }
        print(line)
    }
}
let seconds = Date().timeIntervalSince(started)
host = nil
guard LiveEffects.running == 0 else { fail("\(LiveEffects.running) side effects still running after the host was released") }
print(String(format: "soak: %.1f s, %.1f us per event; after release %@ above the start; worst drift %.2f%%",
             seconds, seconds / Double(events) * 1e6, mebibytes(Jemalloc.snapshot().allocated - baseline), worstDrift * 100))
guard worstDrift <= 0.05 else { fail(String(format: "memory moved %.2f%% after warm-up (limit 5%%)", worstDrift * 100)) }
print("soak: passed")
