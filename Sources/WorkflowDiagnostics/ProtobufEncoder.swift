// The protocol buffers wire format, as much of it as the Perfetto export
// writes: each field a key (its number shifted left by three, or'ed with
// its wire type) then its value, a varint (type 0), eight little-endian
// bytes (type 1) or a length then that many bytes (type 2: strings and
// nested messages). Hand-written so that the library needs no generated
// code and no package.

/// Bytes of protobuf messages, appended field by field.
struct ProtobufEncoder {
    private(set) var bytes: [UInt8] = []

    /// The bytes so far, leaving the encoder empty.
    mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// Seven bits a byte, lowest first, the high bit set on all but the last.
    private mutating func varint(_ value: UInt64) {
        Self.append(varint: value, to: &bytes)
    }

    private static func append(varint value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private mutating func key(_ field: Int, wireType: UInt64) {
        varint(UInt64(field) << 3 | wireType)
    }

    /// A `uint32`, `uint64`, `bool` or enum field.
    mutating func unsigned(_ field: Int, _ value: UInt64) {
        key(field, wireType: 0)
        varint(value)
    }

    /// An `int32` or `int64` field: two's complement, so a negative value
    /// takes ten bytes.
    mutating func signed(_ field: Int, _ value: Int64) {
        unsigned(field, UInt64(bitPattern: value))
    }

    /// A `fixed64` field.
    mutating func fixed64(_ field: Int, _ value: UInt64) {
        key(field, wireType: 1)
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// A `double` field.
    mutating func double(_ field: Int, _ value: Double) {
        fixed64(field, value.bitPattern)
    }

    /// A `string` field, as UTF-8.
    mutating func string(_ field: Int, _ value: String) {
        key(field, wireType: 2)
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A nested message field, its fields written by `body`. Its length is
    /// known once they are: it goes in before them, which moves only this
    /// message's bytes.
    mutating func message(_ field: Int, _ body: (inout ProtobufEncoder) -> Void) {
        key(field, wireType: 2)
        let start = bytes.count
        body(&self)
        var prefix: [UInt8] = []
        Self.append(varint: UInt64(bytes.count - start), to: &prefix)
        bytes.insert(contentsOf: prefix, at: start)
    }
}
