import ZoneClientCore
import ZonePoints

/// The point layers of a diff: per (layer, city) of either manifest, the points added, removed
/// and moved, from the two point indexes (``PointIndex``). An index with the same SHA-256 on
/// both sides is not read; a city on one side only is added or removed whole (not read either).
enum PointDiffer {
    /// How many points of each kind a city lists (the counts are always exact).
    static let listLimit = 1000

    static func diff(_ before: ZoneSnapshot, _ after: ZoneSnapshot) throws(DiffError) -> [PointCityDiff] {
        let old = cities(try before.clientManifest())
        let new = cities(try after.clientManifest())
        let keys = Set(old.keys).union(new.keys).sorted { ($0.layer, $0.city) < ($1.layer, $1.city) }
        var out: [PointCityDiff] = []
        for key in keys {
            let (o, n) = (old[key], new[key])
            var d = PointCityDiff(
                layer: key.layer, city: key.city, status: .unchanged,
                points: Transition(before: o?.points, after: n?.points), compared: true)
            guard let o, let n else {
                d.status = o == nil ? .added : .removed
                (d.added, d.removed, d.moved) = (n?.points ?? 0, o?.points ?? 0, 0)
                out.append(d)
                continue
            }
            let filesSame =
                o.band?.artifact.key == n.band?.artifact.key
                && o.metatiles.map(\.artifact.key) == n.metatiles.map(\.artifact.key)
            guard let oi = o.index, let ni = n.index else {
                d.compared = false
                d.status = filesSame && o.points == n.points ? .unchanged : .changed
                out.append(d)
                continue
            }
            if oi.artifact.sha256 == ni.artifact.sha256 {
                (d.added, d.removed, d.moved) = (0, 0, 0)
            } else {
                let a = try PointIndex.entries(try before.content(of: oi.artifact), key: oi.artifact.key)
                let b = try PointIndex.entries(try after.content(of: ni.artifact), key: ni.artifact.key)
                let c = compare(a, b)
                (d.added, d.removed, d.moved) = (c.added.count, c.removed.count, c.moved.count)
                d.addedPoints = Array(c.added.prefix(listLimit))
                d.removedPoints = Array(c.removed.prefix(listLimit))
                d.movedPoints = Array(c.moved.prefix(listLimit))
            }
            let pointsSame = d.added == 0 && d.removed == 0 && d.moved == 0
            d.status = pointsSame && filesSame ? .unchanged : .changed
            out.append(d)
        }
        return out
    }

    struct CityKey: Hashable {
        var layer: String
        var city: String
    }

    static func cities(_ manifest: ZoneManifest?) -> [CityKey: ZonePointCity] {
        var out: [CityKey: ZonePointCity] = [:]
        for layer in manifest?.points ?? [] {
            for city in layer.cities { out[CityKey(layer: layer.layer, city: city.id)] = city }
        }
        return out
    }

    /// A position, compared exactly (both sides are written at the output precision and read back).
    struct Position: Hashable, Comparable {
        var longitude: Double
        var latitude: Double

        static func < (a: Self, b: Self) -> Bool { (a.longitude, a.latitude) < (b.longitude, b.latitude) }
        var array: [Double] { [longitude, latitude] }
    }

    /// Points matched by id (several points with one id: equal positions first, then the rest
    /// paired in position order as moves); points without an id matched by position only.
    static func compare(_ before: [PointIndex.Entry], _ after: [PointIndex.Entry]) -> (
        added: [PointRef], removed: [PointRef], moved: [PointMove]
    ) {
        var old: [String: [Position]] = [:]
        var new: [String: [Position]] = [:]
        var anonymous: [Position: Int] = [:]
        for e in before {
            let p = Position(longitude: e.longitude, latitude: e.latitude)
            if let id = e.id { old[id, default: []].append(p) } else { anonymous[p, default: 0] += 1 }
        }
        for e in after {
            let p = Position(longitude: e.longitude, latitude: e.latitude)
            if let id = e.id { new[id, default: []].append(p) } else { anonymous[p, default: 0] -= 1 }
        }
        var added: [PointRef] = []
        var removed: [PointRef] = []
        var moved: [PointMove] = []
        for id in Set(old.keys).union(new.keys).sorted() {
            let (gone, came) = unmatched((old[id] ?? []).sorted(), (new[id] ?? []).sorted())
            let pairs = min(gone.count, came.count)
            for i in 0..<pairs { moved.append(PointMove(id: id, before: gone[i].array, after: came[i].array)) }
            removed += gone.dropFirst(pairs).map { PointRef(id: id, position: $0.array) }
            added += came.dropFirst(pairs).map { PointRef(id: id, position: $0.array) }
        }
        for (p, n) in anonymous.sorted(by: { $0.key < $1.key }) where n != 0 {
            let ref = PointRef(id: nil, position: p.array)
            if n > 0 { removed += repeatElement(ref, count: n) } else { added += repeatElement(ref, count: -n) }
        }
        return (added, removed, moved)
    }

    /// The positions of two sorted lists that the other lacks (as multisets).
    private static func unmatched(_ a: [Position], _ b: [Position]) -> ([Position], [Position]) {
        if a == b { return ([], []) }
        var (i, j) = (0, 0)
        var (onlyA, onlyB): ([Position], [Position]) = ([], [])
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) {
                onlyA.append(a[i])
                i += 1
            } else if i == a.count || b[j] < a[i] {
                onlyB.append(b[j])
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        return (onlyA, onlyB)
    }
}
