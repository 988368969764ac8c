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

    /// The stack end found last, and the thread whose stack it is, then
    /// those of a few threads before it: the main queue can be drained by
    /// threads other than the process's main thread, in turn (Swift Testing
    /// on Linux). Read before every top-level render pass (R22: main queue
    /// only). Checked, at no cost in an optimised build for the first:
    /// private, and no access to it calls anything, so the compiler proves
    /// every access exclusive and drops the check.
    nonisolated(unsafe) private static var found: (thread: pthread_t, end: UInt)?
    nonisolated(unsafe) private static var foundBefore: [(thread: pthread_t, end: UInt)] = []

    /// How many threads' stack ends are remembered besides the last.
    private static let rememberedBefore = 8

    /// The lowest address of this thread's stack; 0 where it is unknown,
    /// which turns the check off. Remembered per thread, for the last few
    /// threads: asking the system reads a file on Linux.
    package static func currentStackEnd() -> UInt {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        let thread = pthread_self()
        if let found, pthread_equal(found.thread, thread) != 0 { return found.end }
        return stackEndAfterSwitch(to: thread)
        #else
        return 0
        #endif
    }

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    /// `currentStackEnd` on another thread than the last: remembered, or
    /// asked of the system; the last one's moves to the ones before.
    private static func stackEndAfterSwitch(to thread: pthread_t) -> UInt {
        let end: UInt
        if let index = foundBefore.firstIndex(where: { pthread_equal($0.thread, thread) != 0 }) {
            end = foundBefore.remove(at: index).end
        } else {
            end = lowestAddress(of: thread) ?? 0
        }
        if let last = found {
            if foundBefore.count == rememberedBefore { foundBefore.removeFirst() }
            foundBefore.append(last)
        }
        found = (thread, end)
        return end
    }
    #endif

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
    /// Read from the kernel's list of this process's mappings, as glibc's
    /// `pthread_getattr_np` (which Swift's Glibc module leaves out) does for
    /// the main thread. The mapping that holds this frame is a thread's
    /// stack, mapped whole. The process's main stack (a run of adjacent
    /// mappings marked `[stack]` or holding the program's arguments, which
    /// is how valgrind's shows) grows on demand: down to its size limit, and
    /// never into the kernel's guard gap above the mapping below it. Nil
    /// when the frame is in no mapping: the check is then off.
    private static func lowestAddress(of _: pthread_t) -> UInt? {
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        let here = currentDepthAddress()
        let arguments = UInt(bitPattern: CommandLine.unsafeArgv)
        // The end of the run of adjacent mappings read last, and the end of
        // the mapping before that run; once the frame's mapping is found,
        // the run grows upward only.
        var runEnd: UInt = 0
        var belowRun: UInt = 0
        var frameStart: UInt?
        var isMainStack = false
        while getline(&line, &capacity, maps) > 0, let line {
            // "start-end perms offset device inode [name]", in hexadecimal.
            var rest: UnsafeMutablePointer<CChar>?
            let start = UInt(strtoull(line, &rest, 16))
            guard let rest, rest.pointee == 0x2D else { return nil }  // "-"
            let end = UInt(strtoull(rest + 1, nil, 16))
            if start != runEnd {
                if frameStart != nil { break }
                belowRun = runEnd
            }
            runEnd = end
            if frameStart == nil, start <= here, here < end {
                frameStart = start
            }
            if frameStart != nil, (start <= arguments && arguments < end) || strstr(line, "[stack]") != nil {
                isMainStack = true
            }
        }
        guard let frameStart else { return nil }
        guard isMainStack else { return frameStart }
        // Not the run's start: the stack grows below it on demand.
        let floor = belowRun &+ guardGap
        var limit = rlimit()
        // No limit (`RLIM_INFINITY`, all ones): as far as the floor.
        guard getrlimit(stackResource, &limit) == 0, limit.rlim_cur != rlim_t.max,
              UInt(limit.rlim_cur) < runEnd else { return floor }
        return max(runEnd - UInt(limit.rlim_cur), floor)
    }

    /// The kernel's default gap kept free below a growing stack
    /// (`stack_guard_gap`, 256 pages).
    private static var guardGap: UInt { 1 << 20 }

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
