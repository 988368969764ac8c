/// Raw storage for the arena and typed stores: segments of 1,024 elements
/// that never move once full. The first grows four times over (a type's
/// first thousand nodes move a third as often as with doubling), then each
/// growth adds one: no copying, under a segment of slack, where doubling
/// copies all log(n) times and keeps up to half empty. Tracks capacity
/// only; the owner initialises and destroys elements. Owns its segments.
@usableFromInline
struct SegmentedBuffer<Element>: ~Copyable {
    @inlinable static var segmentShift: Int { 10 }
    @inlinable static var segmentSize: Int { 1 << segmentShift }

    @usableFromInline var _segments = RawStack<UnsafeMutablePointer<Element>>(capacity: 4)
    @usableFromInline var _capacity: Int

    /// Elements that fit without growing.
    @inlinable
    var capacity: Int { _capacity }

    /// `initialCapacity` is a power of two, at most `segmentSize`.
    @inlinable
    init(initialCapacity: Int) {
        assert(initialCapacity > 0 && initialCapacity & (initialCapacity - 1) == 0
            && initialCapacity <= Self.segmentSize)
        _segments.push(.allocate(capacity: initialCapacity))
        _capacity = initialCapacity
    }

    /// The address of element `index` (below `capacity`).
    @inlinable
    subscript(index: Int) -> UnsafeMutablePointer<Element> {
        assert(index >= 0 && index < _capacity, "element out of range")
        return _segments[index &>> Self.segmentShift] + (index & (Self.segmentSize - 1))
    }

    /// Room for one more element; the first `count` (all initialised, and
    /// `count == capacity`) move only while they fit in one small segment.
    @inlinable
    mutating func grow(count: Int) {
        if _capacity < Self.segmentSize {
            let newCapacity = min(_capacity * 4, Self.segmentSize)
            let first = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
            first.moveInitialize(from: _segments[0], count: count)
            _segments[0].deallocate()
            _segments[0] = first
            _capacity = newCapacity
            return
        }
        _segments.push(.allocate(capacity: Self.segmentSize))
        _capacity += Self.segmentSize
    }

    /// Frees the segments past the first that hold none of `0..<count` (the
    /// others destroyed); the rest stay where they are.
    mutating func shrink(toFit count: Int) {
        guard _capacity > Self.segmentSize else { return }
        let kept = max(1, (count + Self.segmentSize - 1) >> Self.segmentShift)
        guard kept < _segments.count else { return }
        while _segments.count > kept {
            _segments.pop().deallocate()
        }
        _capacity = kept << Self.segmentShift
        _segments.shrink(expecting: kept, minimum: 4)
    }

    /// The owner destroyed the elements; the table goes with `segments`.
    @inlinable
    deinit {
        for segment in 0..<_segments.count {
            _segments[segment].deallocate()
        }
    }
}
