/// A stack of trivial values in one raw buffer: pushes and pops run per node
/// of a render pass, where an array's writes check uniqueness (a runtime
/// call). Owns its buffer: not copyable (two copies would free it twice).
@usableFromInline
struct RawStack<Element>: ~Copyable {
    @usableFromInline var _base: UnsafeMutablePointer<Element>
    @usableFromInline var _count = 0
    @usableFromInline var _capacity: Int

    @inlinable
    init(capacity: Int) {
        assert(_isPOD(Element.self), "RawStack holds trivial values only")
        _capacity = capacity
        _base = .allocate(capacity: capacity)
    }

    @inlinable
    var count: Int { _count }

    /// The top element, in place; there must be one.
    @inlinable
    var last: UnsafeMutablePointer<Element> {
        assert(_count > 0, "top of an empty stack")
        return _base + (_count &- 1)
    }

    /// Drops the elements from `newCount` up (trivial: nothing to destroy).
    @inlinable
    mutating func removeLast(downTo newCount: Int) {
        assert(newCount >= 0 && newCount <= _count, "stack cut past its elements")
        _count = newCount
    }

    @inlinable
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < _count, "stack index out of range")
            return UnsafePointer(_base + index)
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < _count, "stack index out of range")
            return _base + index
        }
    }

    @inlinable
    mutating func push(_ element: Element) {
        if _count == _capacity {
            grow()
        }
        (_base + _count).initialize(to: element)
        _count += 1
    }

    @inlinable
    mutating func pop() -> Element {
        assert(_count > 0, "pop from an empty stack")
        _count -= 1
        return _base[_count]
    }

    @inlinable
    mutating func grow() {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: _capacity * 2)
        newBase.moveInitialize(from: _base, count: _count)
        _base.deallocate()
        _base = newBase
        _capacity *= 2
    }

    /// Past four times `expected`, shrinks to twice it (at least `minimum`, a
    /// power of two, and what it holds): a smaller swing never reallocates.
    mutating func shrink(expecting expected: Int, minimum: Int) {
        let needed = max(expected, _count, 1)
        guard _capacity > max(minimum, 4 * needed) else { return }
        var newCapacity = minimum
        while newCapacity < 2 * needed {
            newCapacity *= 2
        }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: _base, count: _count)
        _base.deallocate()
        _base = newBase
        _capacity = newCapacity
    }

    @inlinable
    deinit {
        _base.deallocate()
    }
}
