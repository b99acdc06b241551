internal import Mercator

/// The points of one layer and city, sorted by position, then id: the clustering's input,
/// whatever order the files and features came in. This order makes the build reproducible (it
/// names each point's place, the last tie-break of ``PointClusterer``'s order, and orders the
/// point index); the clusterer does not sweep it (``PointClusterer/Order/densestFirst``).
package struct PointSet: Sendable {
    package var longitude: [Double] = []
    package var latitude: [Double] = []
    /// A point's identity: its `id` property (or feature id); "" for a point without one.
    package var ids: [String] = []
    /// The `keep` properties of every point as the writer emits them, `,"name":value` each
    /// (compact JSON, `keep` order, no `z`); point i's are `keptBytes[keptStart[i]..<keptEnd[i]]`.
    /// One arena instead of an object per point: nothing to allocate, retain or free per point,
    /// and the points of one MultiPoint share their bytes.
    package var keptBytes: [UInt8] = []
    var keptStart: [Int] = []
    var keptEnd: [Int] = []
    /// `sumCount` values per point (0 for an absent property).
    package var sums: [Double] = []
    package let sumCount: Int

    package init(sumCount: Int) { self.sumCount = sumCount }

    package var count: Int { ids.count }

    /// Point i's `keep` properties as written (see ``keptBytes``).
    package func kept(_ i: Int) -> ArraySlice<UInt8> { keptBytes[keptStart[i]..<keptEnd[i]] }

    /// Appends a point whose `keep` properties are ``keptBytes`` from `keptFrom` to its end.
    package mutating func append(
        longitude: Double, latitude: Double, id: String, keptFrom: Int, sums: ArraySlice<Double>
    ) {
        self.longitude.append(longitude)
        self.latitude.append(latitude)
        ids.append(id)
        keptStart.append(keptFrom)
        keptEnd.append(keptBytes.count)
        self.sums += sums
    }

    package mutating func append(contentsOf other: PointSet) {
        longitude += other.longitude
        latitude += other.latitude
        ids += other.ids
        let shift = keptBytes.count
        keptBytes += other.keptBytes
        keptStart += other.keptStart.lazy.map { $0 + shift }
        keptEnd += other.keptEnd.lazy.map { $0 + shift }
        sums += other.sums
    }

    /// The same points in the stable order: longitude, latitude, then id.
    package func sorted() -> PointSet {
        var out = self
        out.sort()
        return out
    }

    /// Puts the points in the stable order (``sorted()``) in place: swaps, so a set held once
    /// moves its ids without retaining or releasing them.
    package mutating func sort() {
        // Positions compared first, from one array of keys (no access to the ids per comparison).
        var order = (0..<count).map { SortKey(x: longitude[$0], y: latitude[$0], index: $0) }
        order.sort { a, b in
            if a.x != b.x { return a.x < b.x }
            if a.y != b.y { return a.y < b.y }
            return precedes(a.index, b.index)
        }
        // Point i becomes old point order[i]: each cycle of the permutation followed with swaps.
        var done = [Bool](repeating: false, count: order.count)
        for start in order.indices where !done[start] {
            var j = start
            while true {
                done[j] = true
                let k = order[j].index
                if k == start { break }
                longitude.swapAt(j, k)
                latitude.swapAt(j, k)
                ids.swapAt(j, k)
                keptStart.swapAt(j, k)
                keptEnd.swapAt(j, k)
                for s in 0..<sumCount { sums.swapAt(sumCount * j + s, sumCount * k + s) }
                j = k
            }
        }
    }

    private struct SortKey {
        var x: Double
        var y: Double
        var index: Int
    }

    /// The order of two points at the same position: id, then (the same point twice) its
    /// properties, so even then the order is stable.
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        if ids[a] != ids[b] { return ids[a] < ids[b] }
        let (ka, kb) = (kept(a), kept(b))
        if ka != kb { return ka.lexicographicallyPrecedes(kb) }
        return sums[sumCount * a..<sumCount * (a + 1)].lexicographicallyPrecedes(
            sums[sumCount * b..<sumCount * (b + 1)])
    }

    /// The points as the items of the zoom above the highest: one single point each.
    package func level() -> PointLevel {
        var level = PointLevel(sumCount: sumCount)
        level.reserve(count)
        for i in 0..<count {
            let x = WebMercator.x(longitude: longitude[i])
            let y = WebMercator.y(latitude: latitude[i])
            level.x.append(x)
            level.y.append(y)
            level.count.append(1)
            level.memberHash.append(Self.hash(ids[i].isEmpty ? "\(longitude[i]),\(latitude[i])" : ids[i]))
            level.point.append(Int32(i))
            level.madeAt.append(-1)
            level.box.append(x)
            level.box.append(y)
            level.box.append(x)
            level.box.append(y)
        }
        level.sums = sums
        return level
    }

    /// FNV-1a of the id's UTF-8, mixed (splitmix64) so that sums of hashes spread well.
    package static func hash(_ id: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in id.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}
