/// Raw storage for the arena and the typed stores: elements in segments of
/// 1,024 that never move once full, found through a small table of segment
/// pointers. While there is one segment it grows four times over (small
/// trees stay small, and a type's first thousand nodes are moved at most a
/// third as often as doubling would move them); after that each growth adds
/// a segment. So a tree of a million nodes is built without copying what
/// exists, without freeing buffers that stay resident, and with less than
/// one segment of slack, where a doubling buffer copies everything log(n)
/// times and keeps up to half of itself empty.
///
/// Segments past the first go back to the allocator when their owner's
/// elements no longer reach them (`shrink`); the first segment stays.
///
/// The buffer tracks capacity only; its owner tracks which elements are
/// initialised and destroys them before the buffer ends. It owns its
/// segments: it cannot be copied, and frees them when it ends.
@usableFromInline
struct SegmentedBuffer<Element>: ~Copyable {
    @inlinable static var segmentShift: Int { 10 }
    @inlinable static var segmentSize: Int { 1 << segmentShift }

    @usableFromInline var segments = RawStack<UnsafeMutablePointer<Element>>(capacity: 4)
    /// Elements that fit without growing.
    @usableFromInline var capacity: Int

    /// `initialCapacity` is a power of two, at most `segmentSize`.
    @inlinable
    init(initialCapacity: Int) {
        assert(initialCapacity > 0 && initialCapacity & (initialCapacity - 1) == 0
            && initialCapacity <= Self.segmentSize)
        segments.push(.allocate(capacity: initialCapacity))
        capacity = initialCapacity
    }

    /// The address of element `index` (below `capacity`).
    @inlinable
    subscript(index: Int) -> UnsafeMutablePointer<Element> {
        assert(index >= 0 && index < capacity, "element out of range")
        return segments[index &>> Self.segmentShift] + (index & (Self.segmentSize - 1))
    }

    /// Room for one more element; the first `count` (all initialised, and
    /// `count == capacity`) move only while they fit in one small segment.
    @inlinable
    mutating func grow(count: Int) {
        if capacity < Self.segmentSize {
            let newCapacity = min(capacity * 4, Self.segmentSize)
            let first = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
            first.moveInitialize(from: segments[0], count: count)
            segments[0].deallocate()
            segments[0] = first
            capacity = newCapacity
            return
        }
        segments.push(.allocate(capacity: Self.segmentSize))
        capacity += Self.segmentSize
    }

    /// Frees the segments past the first that hold none of elements
    /// `0..<count` (all others destroyed): capacity comes down to `count`
    /// rounded up to a whole segment. Segments below stay where they are.
    mutating func shrink(toFit count: Int) {
        guard capacity > Self.segmentSize else { return }
        let kept = max(1, (count + Self.segmentSize - 1) >> Self.segmentShift)
        guard kept < segments.count else { return }
        while segments.count > kept {
            segments.pop().deallocate()
        }
        capacity = kept << Self.segmentShift
        segments.shrink(expecting: kept, minimum: 4)
    }

    /// Frees the segments (the table of them goes with `segments`); the
    /// elements were destroyed by the owner.
    @inlinable
    deinit {
        for segment in 0..<segments.count {
            segments[segment].deallocate()
        }
    }
}
