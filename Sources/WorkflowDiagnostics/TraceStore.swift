// Where a trace keeps its passes: one ring of events, allocated once at the
// byte budget, and a header per pass. The pass being recorded writes its
// events straight into the ring after the kept ones; when the ring is full,
// the oldest kept pass is dropped whole to make room. A pass that alone
// fills the ring is boiled down to a `PassSummary` as it goes on.
//
// Another host's pass that starts while one writes into the ring (a cascade
// sent from inside another host's) collects its events in its recorder's
// own buffer and is kept when the outer pass ends. A pass's number is given
// when it is kept, so that numbers grow along the ring.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The events of the passes kept and of the pass being written.
struct EventRing {
    let capacity: Int
    let base: UnsafeMutablePointer<NodeEvent>
    /// The next slot written.
    private(set) var head = 0
    /// The events held: the kept passes' and the open pass's.
    private(set) var used = 0
    /// The open pass's first event and its count.
    private(set) var openStart = 0
    private(set) var openCount = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    func deallocate() {
        base.deallocate()
    }

    var isFull: Bool { used == capacity }

    /// Appends to the open pass; the caller made room (`isFull` false).
    @inline(__always)
    mutating func append(_ event: NodeEvent) {
        base[head] = event
        head = head &+ 1 == capacity ? 0 : head &+ 1
        used &+= 1
        openCount &+= 1
    }

    /// Where the next event goes, and how many can be written from there on
    /// in one run: up to the ring's end, within its free room.
    var headAddress: UnsafeMutablePointer<NodeEvent> { base + head }
    var contiguousRoom: Int { min(capacity - used, capacity - head) }

    /// `count` events were written from `headAddress` on, within
    /// `contiguousRoom`: they join the open pass.
    @inline(__always)
    mutating func appendWritten(_ count: Int) {
        head &+= count
        if head == capacity { head = 0 }
        used &+= count
        openCount &+= count
    }

    /// Frees the oldest kept pass's `count` events.
    mutating func dropOldest(_ count: Int) {
        used -= count
    }

    mutating func openPass() {
        openStart = head
        openCount = 0
    }

    /// Ends the open pass: its events become the newest kept ones.
    mutating func closePass() -> (first: Int, count: Int) {
        defer { openCount = 0 }
        return (openStart, openCount)
    }

    /// Forgets the open pass's events (it is being boiled down).
    mutating func discardOpenPass() {
        used -= openCount
        head = openStart
        openCount = 0
    }

    /// Appends a whole pass collected elsewhere; there is room for it.
    mutating func appendPass<C: Collection>(_ events: C) -> (first: Int, count: Int) where C.Element == NodeEvent {
        openPass()
        for event in events {
            append(event)
        }
        return closePass()
    }

    /// The `index`-th event of a pass whose first is at `first`.
    @inline(__always)
    func event(_ index: Int, from first: Int) -> NodeEvent {
        let slot = first + index
        return base[slot >= capacity ? slot - capacity : slot]
    }

    /// Every held event's node entry.
    func forEachEntry(_ body: (UInt32) -> Void) {
        var slot = head - used
        if slot < 0 { slot += capacity }
        for _ in 0..<used {
            if base[slot].kind != .actionBegin { body(base[slot].entry) }
            slot = slot + 1 == capacity ? 0 : slot + 1
        }
    }

    /// Rewrites every held event's entry (the node table was compacted).
    func remapEntries(_ remap: [UInt32]) {
        var slot = head - used
        if slot < 0 { slot += capacity }
        for _ in 0..<used {
            if base[slot].kind != .actionBegin {
                base[slot].entry = remap[Int(base[slot].entry)]
            }
            slot = slot + 1 == capacity ? 0 : slot + 1
        }
    }
}

/// A trace's mutable state, kept behind a pointer the trace owns: the
/// recorders write it on every event, and an access through the pointer
/// needs no exclusivity bookkeeping (no code the trace calls reaches back
/// into it while it is being changed).
struct TraceStore {
    var ring: EventRing
    let passLimit: Int
    /// The kept passes' headers, oldest first, from `firstHeader`.
    var headers: ContiguousArray<PassHeader> = []
    var firstHeader = 0
    /// The summaries of the passes boiled down (`PassHeader.summaryID`),
    /// each dropped with its pass; rare, so kept aside from the headers.
    var summaries: [Int: PassSummary] = [:]
    var summaryCount = 0
    /// Passes of other hosts that ended while one wrote into the ring, with
    /// their events, kept when it ends.
    var pending: [(header: PassHeader, events: ContiguousArray<NodeEvent>)] = []
    /// The recorder writing into the ring now, if any.
    var ringWriter: ObjectIdentifier?
    var table = NodeTable()
    /// The table's size after it was last compacted.
    var tableCountAfterCompaction = 0
    /// Readers see only the passes numbered above this (`removeAll`).
    var hiddenThrough = 0
    /// The last timestamp handed out.
    var lastTime: UInt64
    /// Where the clock is read into: here rather than on the stack, so that
    /// the recorder's functions that read it need no stack protector.
    var clockReading = timespec()
    /// Hosts and passes numbered so far.
    var hostCount = 0
    var passCount = 0
    /// The fast hosts' recorders writing here, to compact the node table;
    /// each takes itself out when it goes.
    var recorders: [ObjectIdentifier: Unmanaged<RenderRecorder>] = [:]
    /// By host number (from 1), the number of its last pass kept.
    var lastPassOfHost: ContiguousArray<Int> = [0]

    init(capacity: Int, passLimit: Int, origin: UInt64) {
        ring = EventRing(capacity: capacity)
        self.passLimit = passLimit
        lastTime = origin
        // The first passes' headers without regrowing (a few KB).
        headers.reserveCapacity(min(passLimit, 256))
    }

    var keptCount: Int { headers.count - firstHeader }

    /// A timestamp of the monotonic clock in nanoseconds, each at least 2 ns
    /// after the previous one: slices then nest strictly, and a flow event
    /// 1 ns into a slice lands inside it, before any child starts.
    @inline(__always)
    mutating func now() -> UInt64 {
        clock_gettime(CLOCK_MONOTONIC, &clockReading)
        let reading = UInt64(truncatingIfNeeded: clockReading.tv_sec) &* 1_000_000_000
            &+ UInt64(truncatingIfNeeded: clockReading.tv_nsec)
        lastTime = max(reading, lastTime &+ 2)
        return lastTime
    }

    /// The kept headers, oldest first.
    var kept: ArraySlice<PassHeader> { headers[firstHeader...] }

    /// Frees the oldest kept pass; false if none is left.
    mutating func dropOldestPass() -> Bool {
        guard firstHeader < headers.count else { return false }
        ring.dropOldest(headers[firstHeader].eventCount)
        if headers[firstHeader].summaryID != 0 { summaries[headers[firstHeader].summaryID] = nil }
        firstHeader += 1
        // Moved down now and then, in place: no allocation.
        if firstHeader >= 64, firstHeader * 2 >= headers.count {
            headers.removeFirst(firstHeader)
            firstHeader = 0
        }
        return true
    }

    /// Makes room for `count` more events, dropping the oldest passes;
    /// false if even an empty ring would not hold them.
    mutating func makeRoom(for count: Int) -> Bool {
        while ring.capacity - ring.used < count {
            guard dropOldestPass() else { return false }
        }
        return true
    }

    /// Keeps a finished pass whose events are the ring's open ones.
    mutating func keepOpenPass(_ header: PassHeader) -> Int {
        let (first, count) = ring.closePass()
        let number = keep(header, firstEvent: first, eventCount: count)
        if !pending.isEmpty {
            for (waiting, events) in pending {
                keepCopy(waiting, events: events)
            }
            pending.removeAll()
        }
        return number
    }

    /// Keeps a finished pass whose events were collected elsewhere.
    @discardableResult
    mutating func keepCopy(_ header: PassHeader, events: ContiguousArray<NodeEvent>) -> Int {
        if header.summaryID == 0, makeRoom(for: events.count) {
            let (first, count) = ring.appendPass(events)
            return keep(header, firstEvent: first, eventCount: count)
        }
        return keep(header, firstEvent: 0, eventCount: 0)
    }

    /// Numbers the pass and appends its header, within `passLimit`, its
    /// events where given. The header is copied once, into the array.
    private mutating func keep(_ header: PassHeader, firstEvent: Int, eventCount: Int) -> Int {
        passCount += 1
        if keptCount >= passLimit { _ = dropOldestPass() }
        headers.append(header)
        let last = headers.count - 1
        headers[last].number = passCount
        headers[last].firstEvent = firstEvent
        headers[last].eventCount = eventCount
        lastPassOfHost[header.host] = passCount
        return passCount
    }

    /// Keeps `summary` for a pass boiled down; its `summaryID`.
    mutating func keep(_ summary: PassSummary) -> Int {
        summaryCount += 1
        summaries[summaryCount] = summary
        return summaryCount
    }

    /// What is left of `header`'s pass if it was boiled down, else nil.
    func summary(of header: PassHeader) -> PassSummary? {
        header.summaryID == 0 ? nil : summaries[header.summaryID] ?? PassSummary()
    }

    /// The kept pass numbered `number`, if it is still kept.
    func header(numbered number: Int) -> PassHeader? {
        let kept = self.kept
        guard let first = kept.first, number >= first.number else { return nil }
        // Numbers grow along the headers, by one but for pending passes.
        var low = kept.startIndex, high = kept.endIndex
        while low < high {
            let middle = (low + high) / 2
            if kept[middle].number < number { low = middle + 1 } else { high = middle }
        }
        return low < kept.endIndex && kept[low].number == number ? kept[low] : nil
    }
}
