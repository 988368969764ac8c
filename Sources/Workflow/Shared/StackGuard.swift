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
    /// which turns the check off. Cached per thread: asking the system
    /// reads a file on Linux.
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
    /// Read from the kernel's list of this process's mappings, as the C
    /// library's own `pthread_getattr_np` does (which Swift's Glibc module
    /// leaves out): the mapping that holds this frame is this thread's
    /// stack. A thread's stack is mapped whole; the process's main stack
    /// (marked `[stack]`, or, under valgrind, the one that holds the
    /// program's arguments) grows on demand, down to its size limit and
    /// never into the mapping below it.
    private static func lowestAddress(of _: pthread_t) -> UInt? {
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        let here = currentDepthAddress()
        let arguments = UInt(bitPattern: CommandLine.unsafeArgv)
        var previousEnd: UInt = 0
        while getline(&line, &capacity, maps) > 0, let line {
            // "start-end perms offset device inode [name]", in hexadecimal.
            var rest: UnsafeMutablePointer<CChar>?
            let start = UInt(strtoull(line, &rest, 16))
            guard let rest, rest.pointee == 0x2D else { return nil }  // "-"
            let end = UInt(strtoull(rest + 1, nil, 16))
            if start <= here, here < end {
                let isMainStack = (start <= arguments && arguments < end) || strstr(line, "[stack]") != nil
                guard isMainStack else { return start }
                var limit = rlimit()
                // No limit (`RLIM_INFINITY`, all ones): as far as the mapping below.
                guard getrlimit(stackResource, &limit) == 0, limit.rlim_cur != rlim_t.max,
                      UInt(limit.rlim_cur) < end else { return previousEnd }
                return max(end - UInt(limit.rlim_cur), previousEnd)
            }
            previousEnd = end
        }
        return nil
    }

    #if canImport(Glibc)
    private static var stackResource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_STACK.rawValue) }
    #else
    private static var stackResource: CInt { CInt(RLIMIT_STACK) }
    #endif
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
