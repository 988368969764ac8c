extension ChildIndex {
    /// Random per process, so keys from outside crafted to collide cannot make
    /// a pass quadratic. From `Hasher`: `SWIFT_DETERMINISTIC_HASHING` fixes it.
    static let processSeed: (UInt64, UInt64) = {
        func draw(_ salt: UInt64) -> UInt64 {
            var hasher = Hasher()
            hasher.combine(salt)
            return UInt64(truncatingIfNeeded: hasher.finalize())
        }
        return (draw(0x5eed_0001), draw(0x5eed_0002))
    }()

    /// The seeded hash of (parent, type, key). `String ==` is canonical
    /// equivalence, so a key hashes by its bytes (up to 16, mixed with the
    /// seed by multiplications whose carries make every collision depend on
    /// it) only in its ASCII form, which every key equal to it shares; keys
    /// without one use `Hasher`, which agrees with `==`.
    @inlinable @inline(__always)
    func hash(parent: NodeID, typeIndex: TypeIndex, key: String) -> UInt32 {
        let keyHash: UInt64
        if let packed = ChildIndex.packedCanonicalBytes(key) {
            var mixed = (packed.0 ^ _seed.0) &* 0x9e37_79b9_7f4a_7c15
            mixed = (mixed ^ (mixed >> 29) ^ packed.1 ^ _seed.1) &* 0xc2b2_ae3d_27d4_eb4f
            keyHash = mixed ^ (mixed >> 32)
        } else {
            keyHash = UInt64(UInt(bitPattern: key.hashValue))
        }
        var hash = keyHash ^ (UInt64(UInt32(bitPattern: parent.rawValue)) << 32 | UInt64(typeIndex.rawValue))
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 29
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 32
        return UInt32(truncatingIfNeeded: hash)
    }

    /// A key whose ASCII form has at most 16 bytes as two words that, with
    /// the length, determine them; else nil. Read through the UTF-8 view.
    @inlinable @inline(__always)
    static func packedCanonicalBytes(_ key: String) -> (UInt64, UInt64)? {
        let packed = key.utf8.withContiguousStorageIfAvailable { bytes in
            packedASCIIBytes(of: bytes) ?? (0, .max)
        }
        if let packed, packed.1 != .max {
            return packed
        }
        return packedBytesOfASCIIForm(key)
    }

    /// 8-16 bytes as the first and last eight (overlapping), 4-7 as the first
    /// and last four, 1-3 byte by byte; nil unless ASCII; length on top.
    @inlinable @inline(__always)
    static func packedASCIIBytes(of bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        let count = bytes.count
        guard count > 0 else { return (0, 0) }
        guard count <= 16 else { return nil }
        let start = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
        let first: UInt64, last: UInt64
        if count >= 8 {
            first = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
            last = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        } else if count >= 4 {
            first = UInt64(UInt32(littleEndian: start.loadUnaligned(as: UInt32.self)))
            last = UInt64(UInt32(littleEndian: start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
        } else {
            first = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]) << 16
            last = 0
        }
        guard (first | last) & 0x8080_8080_8080_8080 == 0 else { return nil }
        return (first, last ^ UInt64(count) << 56)
    }

    /// The packing of a non-ASCII (or non-contiguous) key's ASCII form, if
    /// any: only U+212A, U+037E and U+1FEF decompose to ASCII ("K", ";",
    /// "`"), and combining marks never compose to it. Rare: built plainly.
    @usableFromInline
    static func packedBytesOfASCIIForm(_ key: String) -> (UInt64, UInt64)? {
        var ascii: [UInt8] = []
        for scalar in key.unicodeScalars {
            guard ascii.count < 16 else { return nil }
            switch scalar.value {
            case 0..<0x80: ascii.append(UInt8(scalar.value))
            case 0x212A: ascii.append(UInt8(ascii: "K"))
            case 0x037E: ascii.append(UInt8(ascii: ";"))
            case 0x1FEF: ascii.append(UInt8(ascii: "`"))
            default: return nil
            }
        }
        return ascii.withUnsafeBufferPointer(packedASCIIBytes(of:))
    }
}
