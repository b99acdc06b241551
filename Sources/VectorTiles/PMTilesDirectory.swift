/// One directory entry: `runLength` tiles from `tileID` on share the bytes at `offset`
/// (`length` long); a run length of 0 points to a leaf directory instead.
struct PMTilesEntry: Equatable {
    var tileID: UInt64
    var offset: UInt64
    var length: UInt32
    var runLength: UInt32
}

enum PMTilesDirectory {
    /// The entries column by column, as the spec stores them (uncompressed): their count, the
    /// tile-id deltas, the run lengths, the lengths, then each offset as 0 when it follows the
    /// previous entry's bytes directly, else offset + 1.
    static func serialize(_ entries: [PMTilesEntry]) -> [UInt8] {
        var out = ProtobufWriter()
        out.varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries {
            out.varint(e.tileID - last)
            last = e.tileID
        }
        for e in entries { out.varint(UInt64(e.runLength)) }
        for e in entries { out.varint(UInt64(e.length)) }
        for (i, e) in entries.enumerated() {
            if i > 0, e.offset == entries[i - 1].offset + UInt64(entries[i - 1].length) {
                out.varint(0)
            } else {
                out.varint(e.offset + 1)
            }
        }
        return out.bytes
    }

    /// The root directory and the leaf directories (one after another) for `entries`, sorted by
    /// tile id: all in the root when it compresses to at most `rootLimit` bytes, else leaves of
    /// `leafSize` entries, grown by a fifth until the root of leaf pointers fits (the reference
    /// writer's rule). One level of leaves.
    static func build(
        _ entries: [PMTilesEntry], rootLimit: Int, compress: ([UInt8]) throws -> [UInt8]
    ) throws -> (root: [UInt8], leaves: [UInt8]) {
        let whole = try compress(serialize(entries))
        if whole.count <= rootLimit { return (whole, []) }
        var leafSize = max(4096, entries.count / 3500)
        while true {
            var root: [PMTilesEntry] = []
            var leaves: [UInt8] = []
            var start = 0
            while start < entries.count {
                let end = min(start + leafSize, entries.count)
                let leaf = try compress(serialize(Array(entries[start..<end])))
                root.append(
                    PMTilesEntry(
                        tileID: entries[start].tileID, offset: UInt64(leaves.count), length: UInt32(leaf.count),
                        runLength: 0))
                leaves += leaf
                start = end
            }
            let rootBytes = try compress(serialize(root))
            if rootBytes.count <= rootLimit { return (rootBytes, leaves) }
            leafSize += leafSize / 5
        }
    }
}
