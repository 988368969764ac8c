extension ChildIndex {
    /// The hash of (parent, type, key). Keys are short and come from the
    /// app, not from an attacker, so a seeded SipHash (`Hasher`, several
    /// times the cost) buys nothing for them; but keys are compared with
    /// `String ==`, which is canonical equivalence, so a key may be hashed by
    /// its bytes only when every key equal to it has the same bytes: ASCII
    /// without the three characters that a non-ASCII scalar decomposes to
    /// ("K" from U+212A, ";" from U+037E, "`" from U+1FEF). Other keys hash
    /// with `Hasher`, which agrees with `==`.
    @inlinable
    static func hash(parent: Int32, store: UInt16, key: String) -> UInt32 {
        let keyHash: UInt64
        if let packed = packedCanonicalBytes(key) {
            keyHash = (packed.0 &* 0x9e37_79b9_7f4a_7c15) ^ (packed.1 &* 0xc2b2_ae3d_27d4_eb4f)
        } else {
            keyHash = hashOfLongKey(key)
        }
        var hash = keyHash ^ (UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(store))
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
    @inlinable
    static func packedCanonicalBytes(_ key: String) -> (UInt64, UInt64)? {
        let (low, high) = unsafeBitCast(key, to: (UInt64, UInt64).self)
        if high >> 60 == 0xE {
            // Bytes 8-14 (the top byte is the flags and length; 0 past the
            // end is canonical).
            let bytesHigh = high & 0x00FF_FFFF_FFFF_FFFF
            guard isCanonicalASCII(low), isCanonicalASCII(bytesHigh) else { return nil }
            return (low, high & 0x0FFF_FFFF_FFFF_FFFF)
        }
        return packedCanonicalBytesSlowly(key)
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

    /// Whether a UTF-8 byte is ASCII other than "K", ";" and "`".
    @inlinable
    static func isCanonical(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x4B && byte != 0x3B && byte != 0x60
    }

    /// `packedCanonicalBytes` for a key stored as a large or foreign string.
    @usableFromInline
    static func packedCanonicalBytesSlowly(_ key: String) -> (UInt64, UInt64)? {
        var key = key
        return key.withUTF8 { bytes -> (UInt64, UInt64)? in
            guard bytes.count <= 15 else { return nil }
            var words: (UInt64, UInt64) = (0, UInt64(bytes.count) << 56)
            for (i, byte) in bytes.enumerated() {
                if !isCanonical(byte) { return nil }
                if i < 8 {
                    words.0 |= UInt64(byte) << (8 * i)
                } else {
                    words.1 |= UInt64(byte) << (8 * (i - 8))
                }
            }
            return words
        }
    }

    /// Keys longer than 15 bytes: FNV-1a over canonical bytes, else `Hasher`.
    @usableFromInline
    static func hashOfLongKey(_ key: String) -> UInt64 {
        var key = key
        var bytesHash: UInt64 = 0xcbf2_9ce4_8422_2325
        let bytesAreCanonical = key.withUTF8 { bytes in
            for byte in bytes {
                if !isCanonical(byte) { return false }
                bytesHash = (bytesHash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return true
        }
        return bytesAreCanonical ? bytesHash : UInt64(UInt(bitPattern: key.hashValue))
    }
}
