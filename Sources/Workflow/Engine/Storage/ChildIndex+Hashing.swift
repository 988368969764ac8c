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
    /// equivalence, so only ASCII keys without "K", ";" or "`" (U+212A,
    /// U+037E and U+1FEF decompose to them) of up to 15 bytes hash by their
    /// bytes, mixed with the seed by multiplications whose carries make every
    /// collision depend on it; others use `Hasher`, which agrees with `==`.
    @inlinable @inline(__always)
    func hash(parent: NodeID, typeIndex: TypeIndex, key: String) -> UInt32 {
        let keyHash: UInt64
        if let packed = ChildIndex.packedCanonicalBytes(key) {
            var mixed = (packed.0 ^ seed.0) &* 0x9e37_79b9_7f4a_7c15
            mixed = (mixed ^ (mixed >> 29) ^ packed.1 ^ seed.1) &* 0xc2b2_ae3d_27d4_eb4f
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

    /// A key of at most 15 canonical bytes as two little-endian words, length
    /// in the top byte; else nil. A small string is that packing already (top
    /// nibble 0xE), read by a bit cast where its layout is known.
    @inlinable @inline(__always)
    static func packedCanonicalBytes(_ key: String) -> (UInt64, UInt64)? {
        #if _pointerBitWidth(_64) && _endian(little)
        let (low, high) = unsafeBitCast(key, to: (UInt64, UInt64).self)
        if high >> 60 == 0xE {
            // Bytes 8-14; the zeros past the end are canonical.
            let bytesHigh = high & 0x00FF_FFFF_FFFF_FFFF
            // The empty key, the default one, has nothing to check.
            guard low | bytesHigh == 0 || isCanonicalASCII(SIMD2(low, bytesHigh)) else { return nil }
            return (low, high & 0x0FFF_FFFF_FFFF_FFFF)
        }
        #endif
        return packedCanonicalBytesSlowly(key)
    }

    /// `isCanonicalASCII` of two words at once, as vector operations.
    @inlinable @inline(__always)
    static func isCanonicalASCII(_ words: SIMD2<UInt64>) -> Bool {
        let ones = SIMD2<UInt64>(repeating: 0x0101_0101_0101_0101)
        let topBits = SIMD2<UInt64>(repeating: 0x8080_8080_8080_8080)
        let notK = (words ^ (0x4B &* ones)) &+ (0x7F &* ones)
        let notSemicolon = (words ^ (0x3B &* ones)) &+ (0x7F &* ones)
        let notBacktick = (words ^ (0x60 &* ones)) &+ (0x7F &* ones)
        let all = notK & notSemicolon & notBacktick & topBits
        return all == topBits
    }

    /// Whether a word of ASCII bytes holds no "K", ";" or "`": a byte xor one
    /// of them is 0 exactly when it matches, and below 0x80, adding 0x7F sets
    /// the top bit exactly when a byte is not 0, with no carry.
    @inlinable @inline(__always)
    static func isCanonicalASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let topBits: UInt64 = 0x8080_8080_8080_8080
        let notK = (word ^ (0x4B &* ones)) &+ (0x7F &* ones)
        let notSemicolon = (word ^ (0x3B &* ones)) &+ (0x7F &* ones)
        let notBacktick = (word ^ (0x60 &* ones)) &+ (0x7F &* ones)
        return notK & notSemicolon & notBacktick & topBits == topBits
    }

    /// `packedCanonicalBytes` of a large or foreign (say, interpolated) key.
    @usableFromInline
    static func packedCanonicalBytesSlowly(_ key: String) -> (UInt64, UInt64)? {
        if let packed = key.utf8.withContiguousStorageIfAvailable(packedCanonicalBytes(of:)) {
            return packed
        }
        var key = key
        return key.withUTF8(packedCanonicalBytes(of:))
    }

    /// UTF-8 bytes packed as `packedCanonicalBytes` says, or nil.
    static func packedCanonicalBytes(of bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard bytes.count <= 15 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        let low = UInt64(littleEndian: words.0), high = UInt64(littleEndian: words.1)
        // ASCII (the zeros past the end too), then none of the three.
        guard (low | high) & 0x8080_8080_8080_8080 == 0, isCanonicalASCII(low), isCanonicalASCII(high) else {
            return nil
        }
        return (low, high | UInt64(bytes.count) << 56)
    }
}
