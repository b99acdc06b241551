/// The points of one layer and city, sorted by position, then id: the clustering's input,
/// whatever order the files and features came in.
struct PointSet: Sendable {
    var longitude: [Double] = []
    var latitude: [Double] = []
    /// A point's identity: its `id` property (or feature id); "" for a point without one.
    var ids: [String] = []
    /// The `keep` properties of each point.
    var kept: [JSONObject] = []
    /// `sumCount` values per point (0 for an absent property).
    var sums: [Double] = []
    let sumCount: Int

    init(sumCount: Int) { self.sumCount = sumCount }

    var count: Int { ids.count }

    mutating func append(longitude: Double, latitude: Double, id: String, kept: JSONObject, sums: [Double]) {
        self.longitude.append(longitude)
        self.latitude.append(latitude)
        ids.append(id)
        self.kept.append(kept)
        self.sums += sums
    }

    /// The same points in the stable order: longitude, latitude, then id.
    func sorted() -> PointSet {
        var out = self
        out.sort()
        return out
    }

    /// Puts the points in the stable order (``sorted()``) in place: swaps, so a set held once
    /// moves its ids and properties without retaining or releasing them.
    mutating func sort() {
        // Positions compared first without touching the ids (no String retains per comparison).
        let order = ids.indices.sorted { a, b in
            let (xa, xb) = (longitude[a], longitude[b])
            if xa != xb { return xa < xb }
            let (ya, yb) = (latitude[a], latitude[b])
            if ya != yb { return ya < yb }
            if ids[a] != ids[b] { return ids[a] < ids[b] }
            // The same point twice: its properties decide, so even then the order is stable.
            let (ka, kb) = (JSONValue.object(kept[a]).description, JSONValue.object(kept[b]).description)
            if ka != kb { return ka < kb }
            return sums[sumCount * a..<sumCount * (a + 1)].lexicographicallyPrecedes(
                sums[sumCount * b..<sumCount * (b + 1)])
        }
        // Point i becomes old point order[i]: each cycle of the permutation followed with swaps.
        var done = [Bool](repeating: false, count: order.count)
        for start in order.indices where !done[start] {
            var j = start
            while true {
                done[j] = true
                let k = order[j]
                if k == start { break }
                longitude.swapAt(j, k)
                latitude.swapAt(j, k)
                ids.swapAt(j, k)
                kept.swapAt(j, k)
                for s in 0..<sumCount { sums.swapAt(sumCount * j + s, sumCount * k + s) }
                j = k
            }
        }
    }

    /// The points as the items of the zoom above the highest: one single point each.
    func level() -> PointLevel {
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
            level.box += [x, y, x, y]
        }
        level.sums = sums
        return level
    }

    /// FNV-1a of the id's UTF-8, mixed (splitmix64) so that sums of hashes spread well.
    static func hash(_ id: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in id.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}
