import ZoneSupport

/// supercluster's clustering (mapbox/supercluster `_cluster`), in Double, made reproducible:
/// the caller gives points in a stable order, a cluster's id comes from its members.
///
/// From `maxZoom` down to 0, each item not yet taken at this zoom takes the unprocessed items
/// within `radius / (extent·2^z)` world units of it (measured from it, not from the growing
/// centroid); when they hold more points than it and at least `minPoints`, they become one
/// cluster at their weighted centroid, else they pass to the next zoom unchanged.
///
/// supercluster takes the items as origins in their input order, so its result depends on that
/// order: a sweep (points sorted by position) starts each cluster at its westernmost point and
/// leaves more, smaller clusters than a random order. zonectl's default order
/// (``Order/densestFirst``) takes the densest items first, from the items' content alone:
/// - at `maxZoom` (the points themselves): by the number of items within the radius, counted up to
///   ``densityLimit``, most first;
/// - below it (a disc of the radius holds few items there): that order and, as a second
///   candidate, always the untaken item with the most untaken neighbours next (greedy set
///   cover), and on a zoom of few items (``shuffledCandidates(_:)``) also orders drawn from the
///   member hashes; the zoom keeps whichever leaves fewest clusters (the first on a tie).
/// Ties go to the smaller member hash (``PointLevel/memberHash``; its top 25 bits in the first
/// order), then the earlier item (the points' sorted order, ``PointSet``), so the order is total
/// and follows from the points' content (ids, positions, properties), whatever the input file
/// order or thread count. Each candidate is supercluster's merge, fed that order; a cluster's id
/// still comes from its members alone.
package struct PointClusterer {
    /// How a zoom's items are taken as origins.
    package enum Order: Sendable {
        /// Densest first (the default; see the type's documentation).
        case densestFirst
        /// supercluster's: in the items' order (the points' order at `maxZoom`, then the order
        /// the items were made in). Fed the same points in the same order, supercluster (and
        /// pysupercluster-rust) gives the same clusters.
        case given
    }

    /// The neighbour count at which ``Order/densestFirst`` stops counting at `maxZoom` (where
    /// duplicates and tight spots put thousands of points in one disc).
    static let densityLimit = 64

    package var radius: Double
    package var extent: Double
    package var minPoints: Int
    package var maxZoom: Int
    /// Measure distances across ±180° (supercluster does not: x = 0 and x = 1 are far apart).
    package var wrap = true
    package var order = Order.densestFirst

    package init(
        radius: Double, extent: Double, minPoints: Int, maxZoom: Int, wrap: Bool = true, order: Order = .densestFirst
    ) {
        (self.radius, self.extent, self.minPoints, self.maxZoom) = (radius, extent, minPoints, maxZoom)
        self.wrap = wrap
        self.order = order
    }

    /// Clusters `points` and hands each zoom's items to `emit`, from `maxZoom` down to 0.
    package func run(_ points: PointSet, emit: (Int, PointLevel) throws -> Void) rethrows {
        var level = points.level()
        for z in stride(from: maxZoom, through: 0, by: -1) {
            level = cluster(level, zoom: z)
            try emit(z, level)
        }
    }

    /// The items of zoom `z` from those of zoom `z + 1`.
    package func cluster(_ items: PointLevel, zoom z: Int) -> PointLevel {
        let r = radius / (extent * Double(1 << z))
        let search = TreeSearch(tree: PointKDTree(xs: items.x, ys: items.y), r: r, wraps: wrap && r < 0.5)
        switch order {
        case .given:
            return merge(items, zoom: z, origins: InOrder(nil), neighbours: search)
        case .densestFirst where z >= maxZoom:
            let degree = search.counts(items, limit: Self.densityLimit)
            return merge(items, zoom: z, origins: InOrder(Self.densest(items, degree)), neighbours: search)
        case .densestFirst:
            let lists = NeighbourLists(items, search)
            let degree = (0..<items.itemCount).map { min(lists.count($0) + 1, Self.densityLimit) }
            // Each candidate order is tallied without building its items; the fewest clusters
            // (the first on a tie) is merged.
            var order: [Int32]? = Self.densest(items, degree)
            var fewest = tally(items, origins: InOrder(order), neighbours: lists)
            let greedy = tally(items, origins: MostNeighboursFirst(items, lists), neighbours: lists)
            if greedy < fewest { (order, fewest) = (nil, greedy) }
            for seed in 0..<Self.shuffledCandidates(items.itemCount) {
                let shuffled = Self.shuffled(items, seed: seed)
                let clusters = tally(items, origins: InOrder(shuffled), neighbours: lists)
                if clusters < fewest { (order, fewest) = (shuffled, clusters) }
            }
            let level =
                if let order {
                    merge(items, zoom: z, origins: InOrder(order), neighbours: lists)
                } else {
                    merge(items, zoom: z, origins: MostNeighboursFirst(items, lists), neighbours: lists)
                }
            assert(level.clusterCount == fewest, "tally and merge disagree")
            return level
        }
    }

    /// How many seeded shuffles a zoom of `n` items also tries below `maxZoom`: few items leave
    /// few clusters, where one order's luck is a large share, and are cheap to merge again.
    static func shuffledCandidates(_ n: Int) -> Int {
        switch n {
        case ...2_048: 32
        default: 0
        }
    }

    /// Item indices in an order drawn from the member hashes and `seed` (SplitMix64's finaliser),
    /// then by index.
    private static func shuffled(_ items: PointLevel, seed: Int) -> [Int32] {
        precondition(items.itemCount <= 1 << 32)
        var keys = (0..<items.itemCount).map {
            var h = items.memberHash[$0] &+ UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 31
            return (h >> 32) << 32 | UInt64($0)
        }
        keys.radixSort()
        return keys.map { Int32(truncatingIfNeeded: $0) }
    }

    /// Item indices by `degree` (at most ``densityLimit``), most first, then by the member hash's
    /// top 25 bits, then index: one radix-sorted word per item (degree, hash bits, index).
    private static func densest(_ items: PointLevel, _ degree: [Int]) -> [Int32] {
        precondition(items.itemCount <= 1 << 32)
        var keys = (0..<items.itemCount).map {
            UInt64(densityLimit - degree[$0]) << 57 | (items.memberHash[$0] >> 39) << 32 | UInt64($0)
        }
        keys.radixSort()
        return keys.map { Int32(truncatingIfNeeded: $0) }
    }

    /// The clusters (items with more than one point) that ``merge(_:zoom:origins:neighbours:)``
    /// would make from the same origins, counted without making them.
    private func tally<Origins: OriginSource, Neighbours: NeighbourSource>(
        _ items: PointLevel, origins: Origins, neighbours: Neighbours
    ) -> Int {
        var origins = origins
        var taken = [Bool](repeating: false, count: items.itemCount)
        var found: [Int] = []
        var clusters = 0
        while let i = origins.next(taken) {
            taken[i] = true
            found.removeAll(keepingCapacity: true)
            neighbours.forEach(of: i, items.x[i], items.y[i]) { j, _ in if !taken[j] { found.append(j) } }
            let origin = items.count[i]
            var total = origin
            for j in found { total += items.count[j] }
            if total > origin, total >= minPoints {
                clusters += 1
                for j in found { taken[j] = true }
                continue
            }
            if origin > 1 { clusters += 1 }
            if total > 1 {
                for j in found {
                    taken[j] = true
                    if items.count[j] > 1 { clusters += 1 }
                }
            }
        }
        return clusters
    }

    /// supercluster's merge, each origin from `origins`, its untaken neighbours from `neighbours`.
    private func merge<Origins: OriginSource, Neighbours: NeighbourSource>(
        _ items: PointLevel, zoom z: Int, origins: Origins, neighbours: Neighbours
    ) -> PointLevel {
        var origins = origins
        let n = items.itemCount
        let k = items.sumCount
        var taken = [Bool](repeating: false, count: n)
        var next = PointLevel(sumCount: k)
        next.reserve(n / 2)
        var found: [(index: Int, shift: Double)] = []
        while let i = origins.next(taken) {
            taken[i] = true
            let x = items.x[i]
            let y = items.y[i]
            found.removeAll(keepingCapacity: true)
            neighbours.forEach(of: i, x, y) { j, shift in if !taken[j] { found.append((j, shift)) } }
            let origin = items.count[i]
            var total = origin
            for (j, _) in found { total += items.count[j] }
            guard total > origin, total >= minPoints else {
                next.copy(i, from: items)
                if total > 1 {
                    for (j, _) in found {
                        taken[j] = true
                        next.copy(j, from: items)
                    }
                }
                continue
            }
            var wx = x * Double(origin)
            var wy = y * Double(origin)
            var hash = items.memberHash[i]
            var box = Array(items.box[4 * i..<4 * i + 4])
            var sums = Array(items.sums[k * i..<k * (i + 1)])
            for (j, shift) in found {
                taken[j] = true
                let c = Double(items.count[j])
                wx += (items.x[j] + shift) * c
                wy += items.y[j] * c
                hash &+= items.memberHash[j]
                box[0] = min(box[0], items.box[4 * j] + shift)
                box[1] = min(box[1], items.box[4 * j + 1])
                box[2] = max(box[2], items.box[4 * j + 2] + shift)
                box[3] = max(box[3], items.box[4 * j + 3])
                for s in 0..<k { sums[s] += items.sums[k * j + s] }
            }
            var cx = wx / Double(total)
            let back: Double = cx < 0 ? 1 : (cx >= 1 ? -1 : 0)
            cx += back
            next.x.append(cx)
            next.y.append(wy / Double(total))
            next.count.append(total)
            next.memberHash.append(hash)
            next.point.append(-1)
            next.madeAt.append(Int8(z))
            next.box += [box[0] + back, box[1], box[2] + back, box[3]]
            next.sums += sums
        }
        return next
    }
}

/// An origin's rank: more neighbours first, then the smaller member hash, then the earlier item.
private struct OriginKey {
    var degree: Int32
    var hash: UInt64
    var index: Int32

    @inline(__always) func precedes(_ other: OriginKey) -> Bool {
        if degree != other.degree { return degree > other.degree }
        if hash != other.hash { return hash < other.hash }
        return index < other.index
    }
}

/// Where a merge takes its next origin from: an untaken item, or nil when none is left.
private protocol OriginSource {
    mutating func next(_ taken: [Bool]) -> Int?
}

/// The items in a fixed order (nil: their own).
private struct InOrder: OriginSource {
    let order: [Int32]?
    var k = 0

    init(_ order: [Int32]?) { self.order = order }

    mutating func next(_ taken: [Bool]) -> Int? {
        while k < taken.count {
            let i = order.map { Int($0[k]) } ?? k
            k += 1
            if !taken[i] { return i }
        }
        return nil
    }
}

/// The untaken item with the most untaken neighbours, each time (a heap whose keys are updated
/// lazily: a popped key that is stale goes back with its current count).
private struct MostNeighboursFirst: OriginSource {
    let lists: NeighbourLists
    var heap: [OriginKey]

    init(_ items: PointLevel, _ lists: NeighbourLists) {
        self.lists = lists
        heap = (0..<items.itemCount).map {
            OriginKey(degree: Int32(lists.count($0)), hash: items.memberHash[$0], index: Int32($0))
        }
        if heap.count > 1 {
            for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { down(i) }
        }
    }

    mutating func next(_ taken: [Bool]) -> Int? {
        while var top = heap.first {
            let i = Int(top.index)
            if taken[i] {
                pop()
                continue
            }
            let degree = Int32(lists.count(i, untaken: taken))
            if degree == top.degree { return i }
            top.degree = degree
            heap[0] = top
            down(0)
        }
        return nil
    }

    private mutating func pop() {
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            down(0)
        }
    }

    private mutating func down(_ start: Int) {
        var i = start
        while true {
            var best = i
            let l = 2 * i + 1
            let r = l + 1
            if l < heap.count, heap[l].precedes(heap[best]) { best = l }
            if r < heap.count, heap[r].precedes(heap[best]) { best = r }
            if best == i { return }
            heap.swapAt(i, best)
            i = best
        }
    }
}

/// Where a merge finds an origin's neighbours (every item within the radius but the origin,
/// with the x shift that brings it next to the origin across ±180°).
private protocol NeighbourSource {
    func forEach(of i: Int, _ x: Double, _ y: Double, _ body: (Int, Double) -> Void)
}

/// The zoom's KD-tree (supercluster's queries).
private struct TreeSearch: NeighbourSource {
    let tree: PointKDTree
    let r: Double
    let wraps: Bool

    func forEach(of i: Int, _ x: Double, _ y: Double, _ body: (Int, Double) -> Void) {
        tree.within(x, y, r) { if $0 != i { body($0, 0) } }
        if wraps, x - r < 0 { tree.within(x + 1, y, r) { body($0, -1) } }
        if wraps, x + r > 1 { tree.within(x - 1, y, r) { body($0, 1) } }
    }

    /// Each item's count (``count(_:_:limit:)``): through a grid, then the tree across ±180°
    /// for the items near it; by the tree alone where the grid does not apply.
    func counts(_ items: PointLevel, limit: Int) -> [Int] {
        guard var counts = gridCounts(xs: items.x, ys: items.y, r: r, limit: limit) else {
            return (0..<items.itemCount).map { count(items.x[$0], items.y[$0], limit: limit) }
        }
        guard wraps else { return counts }
        for i in counts.indices {
            let x = items.x[i]
            let y = items.y[i]
            if x - r < 0, counts[i] < limit { counts[i] += tree.count(x + 1, y, r, limit: limit - counts[i]) }
            if x + r > 1, counts[i] < limit { counts[i] += tree.count(x - 1, y, r, limit: limit - counts[i]) }
        }
        return counts
    }

    /// Items within the radius of `(x, y)` (itself included), up to `limit`.
    func count(_ x: Double, _ y: Double, limit: Int) -> Int {
        var found = tree.count(x, y, r, limit: limit)
        if wraps, x - r < 0, found < limit { found += tree.count(x + 1, y, r, limit: limit - found) }
        if wraps, x + r > 1, found < limit { found += tree.count(x - 1, y, r, limit: limit - found) }
        return found
    }
}

/// Every item's neighbours, found once (below `maxZoom`, where they are few) for two merges.
private struct NeighbourLists: NeighbourSource {
    var start: [Int32] = [0]
    var index: [Int32] = []
    var shift: [Int8] = []

    init(_ items: PointLevel, _ search: TreeSearch) {
        start.reserveCapacity(items.itemCount + 1)
        index.reserveCapacity(8 * items.itemCount)
        shift.reserveCapacity(8 * items.itemCount)
        for i in 0..<items.itemCount {
            search.forEach(of: i, items.x[i], items.y[i]) { j, s in
                index.append(Int32(j))
                shift.append(Int8(s))
            }
            start.append(Int32(index.count))
        }
    }

    func count(_ i: Int) -> Int { Int(start[i + 1] - start[i]) }

    func count(_ i: Int, untaken taken: [Bool]) -> Int {
        var n = 0
        for e in Int(start[i])..<Int(start[i + 1]) where !taken[Int(index[e])] { n += 1 }
        return n
    }

    func forEach(of i: Int, _ x: Double, _ y: Double, _ body: (Int, Double) -> Void) {
        for e in Int(start[i])..<Int(start[i + 1]) { body(Int(index[e]), Double(shift[e])) }
    }
}

extension PointLevel {
    /// Items with more than one point.
    var clusterCount: Int { count.count { $0 > 1 } }
}
