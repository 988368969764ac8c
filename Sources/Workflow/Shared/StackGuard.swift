#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A named stop before a deep tree overflows the stack. Rendering recurses
/// once per level of the tree (R4), and an overflow would end the process
/// with a bare SIGSEGV; before each node renders, both runtimes look whether
/// the stack has reached its last `reserve` bytes and stop with a message
/// instead. One unsigned comparison, `address &- end < reserve`, which is
/// also false for an address outside the stack (a sanitizer's fake frame).
@usableFromInline
package enum StackGuard {
    /// What is kept free at the stack's end: one level's frames (its
    /// `render` and the runtime's own, checked again at the next level) and
    /// the fatal error's own work. A single level using more than this can
    /// still overflow: the check runs between levels, not inside `render`.
    @usableFromInline
    package static let reserve: UInt = 256 * 1024

    /// The stack end found last, and the thread whose stack it is: the main
    /// queue can be drained by a thread other than the process's main thread
    /// (Swift Testing on Linux). Read before every top-level render pass
    /// (R22: main queue only). Checked, at no cost in an optimised build:
    /// private, and no access to it calls anything, so the compiler proves
    /// every access exclusive and drops the check.
    nonisolated(unsafe) private static var found: (thread: pthread_t, end: UInt)?

    /// The lowest address of this thread's stack; 0 where it is unknown,
    /// which turns the check off. Cached per thread: asking the system may
    /// read `/proc` for the main thread.
    package static func currentStackEnd() -> UInt {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        let thread = pthread_self()
        if let found, pthread_equal(found.thread, thread) != 0 { return found.end }
        let end = lowestAddress(of: thread) ?? 0
        found = (thread, end)
        return end
        #else
        return 0
        #endif
    }

    /// Whether a frame at the caller's depth is within `reserve` bytes of
    /// `end`.
    @inlinable @inline(__always)
    package static func isNearEnd(_ end: UInt) -> Bool {
        currentDepthAddress() &- end < reserve
    }

    #if canImport(Darwin)
    private static func lowestAddress(of thread: pthread_t) -> UInt? {
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size ? top - size : nil
    }
    #elseif canImport(Glibc) || canImport(Musl)
    private static func lowestAddress(of thread: pthread_t) -> UInt? {
        var attributes = pthread_attr_t()
        guard getThreadAttributes(thread, &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return nil }
        return UInt(bitPattern: base)
    }
    #endif

    /// An address in the caller's frame: how deep the stack is now.
    @inlinable @inline(__always)
    package static func currentDepthAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The stop itself, out of line.
    @usableFromInline @inline(never)
    package static func treeTooDeep(workflowType: Any.Type, key: String, depth: Int) -> Never {
        fatalError("The workflow tree is too deep for this thread's stack: \(workflowType) (key \"\(MessageExcerpt.of(key))\") would render at depth \(depth), with less than \(reserve / 1024) KiB of stack left. Render a long chain as one parent with keyed children, or render on a thread with a larger stack.")
    }
}

#if !canImport(Darwin) && (canImport(Glibc) || canImport(Musl))
/// glibc's and musl's `pthread_getattr_np`, which the Swift overlay leaves
/// out (it needs `_GNU_SOURCE`): a thread's attributes, its stack included.
@_silgen_name("pthread_getattr_np")
private func getThreadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> CInt
#endif
