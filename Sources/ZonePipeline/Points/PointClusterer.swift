/// supercluster's clustering (mapbox/supercluster `_cluster`), in Double, made reproducible:
/// the caller gives points in a stable order, a cluster's id comes from its members.
///
/// From `maxZoom` down to 0, each item not yet taken at this zoom takes the unprocessed items
/// within `radius / (extent·2^z)` world units of it (measured from it, not from the growing
/// centroid); when they hold more points than it and at least `minPoints`, they become one
/// cluster at their weighted centroid, else they pass to the next zoom unchanged.
struct PointClusterer {
    var radius: Double
    var extent: Double
    var minPoints: Int
    var maxZoom: Int
    /// Measure distances across ±180° (supercluster does not: x = 0 and x = 1 are far apart).
    var wrap = true

    init(_ layer: PointLayerConfig, wrap: Bool = true) {
        radius = layer.radius
        extent = layer.extent
        minPoints = layer.minPoints
        maxZoom = layer.maxZoom
        self.wrap = wrap
    }

    /// Clusters `points` and hands each zoom's items to `emit`, from `maxZoom` down to 0.
    func run(_ points: PointSet, emit: (Int, PointLevel) throws -> Void) rethrows {
        var level = points.level()
        for z in stride(from: maxZoom, through: 0, by: -1) {
            level = cluster(level, zoom: z)
            try emit(z, level)
        }
    }

    /// The items of zoom `z` from those of zoom `z + 1`.
    func cluster(_ items: PointLevel, zoom z: Int) -> PointLevel {
        let r = radius / (extent * Double(1 << z))
        let tree = PointKDTree(xs: items.x, ys: items.y)
        let n = items.itemCount
        let k = items.sumCount
        var taken = [Bool](repeating: false, count: n)
        var next = PointLevel(sumCount: k)
        next.reserve(n / 2)
        var neighbours: [(index: Int, shift: Double)] = []
        let wraps = wrap && r < 0.5
        for i in 0..<n where !taken[i] {
            taken[i] = true
            let x = items.x[i]
            let y = items.y[i]
            neighbours.removeAll(keepingCapacity: true)
            tree.within(x, y, r) { if !taken[$0] { neighbours.append(($0, 0)) } }
            if wraps, x - r < 0 { tree.within(x + 1, y, r) { if !taken[$0] { neighbours.append(($0, -1)) } } }
            if wraps, x + r > 1 { tree.within(x - 1, y, r) { if !taken[$0] { neighbours.append(($0, 1)) } } }
            let origin = items.count[i]
            var total = origin
            for (j, _) in neighbours { total += items.count[j] }
            guard total > origin, total >= minPoints else {
                next.copy(i, from: items)
                if total > 1 {
                    for (j, _) in neighbours {
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
            for (j, shift) in neighbours {
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
