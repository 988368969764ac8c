extension ChildIndex {
    /// Random for each process: keys often come from outside the app (ids
    /// from a server), and without a secret seed keys made to collide would
    /// make a render pass quadratic. Drawn from `Hasher`, whose own seed is
    /// random per process and fixed under `SWIFT_DETERMINISTIC_HASHING`, so
    /// profiles stay repeatable.
    static let processSeed: (UInt64, UInt64) = {
        func draw(_ salt: UInt64) -> UInt64 {
            var hasher = Hasher()
            hasher.combine(salt)
            return UInt64(truncatingIfNeeded: hasher.finalize())
        }
        return (draw(0x5eed_0001), draw(0x5eed_0002))
    }()

    /// The hash of (parent, type, key), seeded. `String ==` is canonical
    /// equivalence, so a key may be hashed by its bytes only when every key
    /// equal to it has the same bytes: ASCII without the three characters
    /// that a non-ASCII scalar decomposes to ("K" from U+212A, ";" from
    /// U+037E, "`" from U+1FEF). Such keys of up to 15 bytes (nearly all
    /// keys) are two words, mixed with the seed by multiplications whose
    /// carries make every collision depend on it; every other key hashes with
    /// `Hasher`, which agrees with `==` and has its own random seed.
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

    /// A key of at most 15 canonical bytes, packed little-endian into two
    /// words with its length in the top byte; nil for any other key.
    ///
    /// Such a key is almost always a small string, whose two words already
    /// are that packing (bytes 0-7, bytes 8-14, then a top byte whose high
    /// nibble 0xE says "small, ASCII" and whose low nibble is the length), so
    /// it is read without touching the bytes one by one.
    ///
    /// The bit cast reads the layout of a small string on 64-bit
    /// little-endian platforms; elsewhere every key takes the portable path,
    /// which packs the same words.
    @inlinable @inline(__always)
    static func packedCanonicalBytes(_ key: String) -> (UInt64, UInt64)? {
        #if _pointerBitWidth(_64) && _endian(little)
        let (low, high) = unsafeBitCast(key, to: (UInt64, UInt64).self)
        if high >> 60 == 0xE {
            // Bytes 8-14 (the top byte is the flags and length; 0 past the
            // end is canonical).
            let bytesHigh = high & 0x00FF_FFFF_FFFF_FFFF
            // The empty key, the default one, has nothing to check.
            guard low | bytesHigh == 0 || isCanonicalASCII(SIMD2(low, bytesHigh)) else { return nil }
            return (low, high & 0x0FFF_FFFF_FFFF_FFFF)
        }
        #endif
        return packedCanonicalBytesSlowly(key)
    }

    /// `isCanonicalASCII` of two words at once, lane by lane: one vector
    /// operation for the two words' scalar ones.
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

    /// Whether a word of ASCII bytes holds no "K", ";" or "`". A byte of the
    /// word xor one of them is 0 exactly when it matches; with bytes below
    /// 0x80, adding 0x7F sets a byte's top bit exactly when it is not 0, and
    /// never carries into the next byte.
    @inlinable @inline(__always)
    static func isCanonicalASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let topBits: UInt64 = 0x8080_8080_8080_8080
        let notK = (word ^ (0x4B &* ones)) &+ (0x7F &* ones)
        let notSemicolon = (word ^ (0x3B &* ones)) &+ (0x7F &* ones)
        let notBacktick = (word ^ (0x60 &* ones)) &+ (0x7F &* ones)
        return notK & notSemicolon & notBacktick & topBits == topBits
    }

    /// `packedCanonicalBytes` for a key stored as a large or foreign string
    /// (a short key made by interpolation is a large one). Its bytes are
    /// copied into the two words at once and checked as words, as a small
    /// string's are.
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
        // ASCII (no top bit; the zeros past the end are ASCII too), then
        // none of the three characters.
        guard (low | high) & 0x8080_8080_8080_8080 == 0, isCanonicalASCII(low), isCanonicalASCII(high) else {
            return nil
        }
        return (low, high | UInt64(bytes.count) << 56)
    }
}
