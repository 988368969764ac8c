// The little JSON the Chrome export writes, by hand: the WorkflowDiagnostics
// product depends on `Workflow` and the toolchain only, so there is no
// Foundation encoder here.

/// A JSON text being written.
struct JSONText {
    private(set) var text = ""

    /// The text written so far, and a fresh start: the export hands it on
    /// per pass.
    mutating func take() -> String {
        defer { text = "" }
        return text
    }

    mutating func raw(_ part: String) {
        text += part
    }

    /// `value` as a JSON string literal, quotes included.
    mutating func string(_ value: String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                text += "\\u00"
                text += String(scalar.value >> 4, radix: 16)
                text += String(scalar.value & 0xF, radix: 16)
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Nanoseconds as microseconds, the unit of trace-event timestamps,
    /// with three decimals: exact to the nanosecond, no floating point.
    mutating func microseconds(_ nanoseconds: UInt64) {
        let fraction = nanoseconds % 1000
        text += String(nanoseconds / 1000)
        text += fraction < 10 ? ".00" : fraction < 100 ? ".0" : "."
        text += String(fraction)
    }
}
