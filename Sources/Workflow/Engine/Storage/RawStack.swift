/// A stack of trivial values in one raw buffer: pushes and pops run per node
/// of a render pass, where an array's writes check uniqueness (a runtime
/// call). Owns its buffer: not copyable (two copies would free it twice).
@usableFromInline
struct RawStack<Element>: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    @inlinable
    init(capacity: Int) {
        assert(_isPOD(Element.self), "RawStack holds trivial values only")
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    @inlinable
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count, "stack index out of range")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count, "stack index out of range")
            return base + index
        }
    }

    @inlinable
    mutating func push(_ element: Element) {
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: element)
        count += 1
    }

    @inlinable
    mutating func pop() -> Element {
        assert(count > 0, "pop from an empty stack")
        count -= 1
        return base[count]
    }

    @inlinable
    mutating func grow() {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity *= 2
    }

    /// Past four times `expected`, shrinks to twice it (at least `minimum`, a
    /// power of two, and what it holds): a smaller swing never reallocates.
    mutating func shrink(expecting expected: Int, minimum: Int) {
        let needed = max(expected, count, 1)
        guard capacity > max(minimum, 4 * needed) else { return }
        var newCapacity = minimum
        while newCapacity < 2 * needed {
            newCapacity *= 2
        }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inlinable
    deinit {
        base.deallocate()
    }
}
