/// A growable table of plain values in memory its owner frees
/// (`deallocate`): read and written per event by a recorder, with none of
/// an `Array`'s uniqueness checks or retains. Holds trivial values only
/// (no deinitialization).
struct RecorderTable<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 16) {
        precondition(_isPOD(Element.self), "RecorderTable holds trivial values only")
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    func deallocate() {
        base.deallocate()
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: 2 * capacity) }
        (base + count).initialize(to: element)
        count &+= 1
    }

    @inline(__always)
    mutating func removeLast() -> Element {
        count &-= 1
        return base[count]
    }

    mutating func removeAll() {
        count = 0
    }

    /// `count` raised to at least `newCount`, the new elements `filler`.
    mutating func extend(to newCount: Int, with filler: Element) {
        guard newCount > count else { return }
        if newCount > capacity { grow(to: max(newCount, 2 * capacity)) }
        (base + count).initialize(repeating: filler, count: newCount - count)
        count = newCount
    }

    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    var bytes: Int { capacity * MemoryLayout<Element>.stride }
}
