#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A named stop, not a bare SIGSEGV, when a deep tree overflows the stack:
/// before each level (R4) renders, both runtimes check its last `reserve`
/// bytes with one compare, false too off the stack (a sanitizer's frame).
@usableFromInline
package enum StackGuard {
    /// Room for a level's frames and the fatal error (checked between levels).
    @usableFromInline
    package static let reserve: UInt = 256 * 1024

    /// The last thread's stack end, then a few before: the main queue may be
    /// drained by other threads in turn (Swift Testing on Linux). Main queue
    /// only (R22); the compiler proves `found`'s accesses exclusive.
    nonisolated(unsafe) private static var found: (thread: pthread_t, end: UInt)?
    nonisolated(unsafe) private static var foundBefore: [(thread: pthread_t, end: UInt)] = []

    private static let rememberedBefore = 8

    /// The lowest address of this thread's stack, or 0; cached (a file read).
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
    /// The end on a thread other than the last, remembered or asked for.
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

    /// Whether the caller's frame is within `reserve` bytes of `end`.
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
    /// Read from /proc/self/maps, as glibc's `pthread_getattr_np` (not in
    /// Swift's Glibc) does; nil, and no check, outside any mapping. A thread's
    /// stack is mapped whole; the main stack (mappings marked `[stack]` or
    /// holding the arguments, as under valgrind) grows to its limit or gap.
    private static func lowestAddress(of _: pthread_t) -> UInt? {
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        let here = currentDepthAddress()
        let arguments = UInt(bitPattern: CommandLine.unsafeArgv)
        // Ends of the last run of adjacent mappings and of the mapping below.
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

    /// The kernel's default `stack_guard_gap` (256 pages) below a stack.
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
