import Foundation

/// If a case crashes the process (a runtime trap is a divergence too: the
/// reference or the fast runtime hit a fatal error), says which case it was,
/// from a signal handler: the message is prepared before each case.
enum CrashReport {
    nonisolated(unsafe) static var message = [CChar](repeating: 0, count: 256)
    nonisolated(unsafe) static var length = 0

    static func prepare(profile: String, seed: UInt64) {
        let text = "\nworkflow-fuzz: CRASH in profile \(profile), seed \(seed); replay: workflow-fuzz --profile \(profile) --replay \(seed)\n"
        let bytes = Array(text.utf8CString.dropLast().prefix(message.count))
        message.withUnsafeMutableBufferPointer { buffer in
            for (i, byte) in bytes.enumerated() { buffer[i] = byte }
        }
        length = bytes.count
    }

    static func install() {
        for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS] {
            Foundation.signal(signal) { number in
                CrashReport.message.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, CrashReport.length) }
                Foundation.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}
