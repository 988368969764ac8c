import IssueReporting

/// Reports a failed check to the running test, XCTest or Swift Testing, at
/// the test's `file` and `line`.
///
/// The checks take upstream's `file: StaticString = #file`, a path (or, in
/// Swift 6 mode, a file ID); it serves as the file ID too, so that Swift
/// Testing names the test's file rather than this module's. The parentheses
/// around `file` tell the compiler that passing a `#file` default on as a
/// `#filePath` is meant.
func reportFailure(_ message: String, file: StaticString, line: UInt) {
    reportIssue(message, fileID: file, filePath: (file), line: line, column: 1)
}
