#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A trace file could not be written: the Chrome JSON or the Perfetto
/// protobuf one.
public struct RenderTraceWriteError: Error, CustomStringConvertible {
    /// The file.
    public let path: String
    /// The system's error number (`errno`).
    public let code: Int32

    /// The file and the error number, as a sentence.
    public var description: String { "cannot write the render trace to \(path) (errno \(code))" }
}

/// Opens the file at `path` for writing, hands it to `write`, and closes
/// it; throws with the first error the C stream met (opening, writing or
/// closing), read when it happened.
func writeTraceFile(_ path: String, _ write: (UnsafeMutablePointer<FILE>) -> Void) throws {
    guard let file = fopen(path, "wb") else { throw RenderTraceWriteError(path: path, code: errno) }
    write(file)
    let writeFailed = ferror(file) != 0
    let writeCode = errno
    if fclose(file) != 0 { throw RenderTraceWriteError(path: path, code: writeFailed ? writeCode : errno) }
    if writeFailed { throw RenderTraceWriteError(path: path, code: writeCode) }
}
