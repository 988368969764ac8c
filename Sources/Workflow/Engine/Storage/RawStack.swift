/// A stack of trivial values in one raw buffer that keeps its capacity
/// until its owner gives room back (`shrink`): the render frames and the
/// children asked for by the running passes. Pushes and pops run on every
/// node of a render pass, and an array's writes each check uniqueness (a
/// runtime call).
///
/// The stack owns its buffer: it cannot be copied (two copies would free it
/// twice), is passed `borrowing`, and frees the buffer when it ends.
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

    /// Gives room back once the stack could hold four times what it is
    /// expected to: keeps room for twice `expected` (at least `minimum`, a
    /// power of two, and what it holds), so that a stack whose use swings by
    /// less than that does not reallocate back and forth.
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
