import ZoneGeometry

/// A city's zones before the snap, each position with its rank as MapLibre's GeoJSON tiler
/// (geojson-vt) ranks it, so each zoom keeps the vertices MapLibre keeps when it draws the same
/// GeoJSON, and the tiles draw as the GeoJSON does:
///
/// - per ring, once, at the highest zoom: Douglas–Peucker with no tolerance, end points fixed;
///   a position's rank is its squared distance (grid units²) from the chord of the span it
///   split (geojson-vt's, not capped by the rank above it: each zoom keeps the positions ranked
///   above its tolerance squared, whichever split made them);
/// - a position that rings share (a border between zones, or between polygons of one zone)
///   takes the highest of its ranks, so both sides of a shared border keep the same vertices
///   and the border stays shared;
/// - each lower zoom is the one above halved (ranks a quarter), less its rings too small to
///   draw (``SubPixelParts``) and its positions ranked at or below the tolerance squared.
///
/// The result is not repaired: a border that now crosses another is noded by the snap
/// (``CityZoom/snapped(extent:buffer:cores:)``), which makes the zones valid on the grid.
struct RankedZones {
    var city: CityZoom
    /// Per zone, per position of `city.zones`: the rank, in squared grid units of `city.zoom`
    /// (+∞ at each ring's first and last position).
    var rank: [[Float]]

    /// The zones (one city's, on one grid) ranked.
    init(_ city: CityZoom) {
        self.city = city
        rank = city.zones.map { g in
            var rank = [Float](repeating: 0, count: g.positionCount)
            for r in 0..<g.ringCount { Self.rank(g.coordinates, g.ringRange(r), into: &rank) }
            return rank
        }
        // Positions met twice take their highest rank; the table numbers each distinct position.
        var table = IntegerTable<GridPoint>(capacity: city.zones.reduce(0) { $0 + $1.positionCount })
        var highest: [Float] = []
        var number: [[Int32]] = []
        for (z, g) in city.zones.enumerated() {
            number.append(
                (0..<g.positionCount).map { i in
                    let (x, y) = g.position(i)
                    let (n, new) = table.insert(
                        GridPoint(x: Int64(bitPattern: x.bitPattern), y: Int64(bitPattern: y.bitPattern)))
                    if new { highest.append(rank[z][i]) } else { highest[Int(n)] = max(highest[Int(n)], rank[z][i]) }
                    return n
                })
        }
        guard table.count < number.reduce(0, { $0 + $1.count }) else { return }
        for z in rank.indices {
            for i in rank[z].indices { rank[z][i] = highest[Int(number[z][i])] }
        }
    }

    private init(city: CityZoom, rank: [[Float]]) { (self.city, self.rank) = (city, rank) }

    /// geojson-vt's ranks of the positions of one closed ring (`range` of flat `xy`): its split
    /// is the farthest position (the first, or of equal ones the nearest the span's middle),
    /// with no tolerance, so every position off its chord gets a rank.
    static func rank(_ xy: [Double], _ range: Range<Int>, into rank: inout [Float]) {
        guard let first = range.first, let last = range.last else { return }
        rank[first] = .infinity
        rank[last] = .infinity
        var spans: [(Int, Int)] = [(first, last)]
        while let (a, b) = spans.popLast() {
            guard b - a > 1 else { continue }
            var farthest = -1
            var distance = 0.0
            let middle = (a + b) / 2
            for i in (a + 1)..<b {
                let d = pointSegmentDistanceSquared(xy, i, a, b)
                if d > distance || (d == distance && farthest >= 0 && abs(i - middle) < abs(farthest - middle)) {
                    (farthest, distance) = (i, d)
                }
            }
            guard farthest >= 0 else { continue }
            rank[farthest] = Float(distance)
            spans.append((a, farthest))
            spans.append((farthest, b))
        }
    }

    /// These zones one zoom lower: halved (``CityZoom/halved()``), less the rings `parts` leaves
    /// out, keeping the positions ranked above `tolerance`² (all with a tolerance of 0). A ring
    /// left with fewer than four positions keeps its highest-ranked ones up to four.
    func lower(tolerance: Double, parts: SubPixelParts) -> RankedZones {
        let city = city.halved()
        let rank = rank.map { $0.map { $0 / 4 } }
        return RankedZones(city: city, rank: rank).simplified(tolerance: tolerance, keeping: parts.kept(of: city.zones))
    }

    /// The positions ranked above `tolerance`² (grid units of this zoom), of the rings `keeping`
    /// lists per zone and polygon (all rings without it); an exterior left out leaves out its
    /// polygon.
    func simplified(tolerance: Double, keeping: [[[Int]]]? = nil) -> RankedZones {
        let cutoff = Float(tolerance * tolerance)
        var zones: [PolygonalGeometry] = []
        var ranks: [[Float]] = []
        for (z, g) in city.zones.enumerated() {
            var out = PolygonalGeometryBuilder()
            var outRank: [Float] = []
            let polygons = keeping?[z] ?? (0..<g.polygonCount).map { Array(g.polygonRings($0)) }
            for rings in polygons {
                for r in rings {
                    let range = g.ringRange(r)
                    var keep = range.filter { tolerance <= 0 || rank[z][$0] > cutoff }
                    if keep.count < 4 && range.count >= 4 {
                        // The ring's highest-ranked positions, in ring order.
                        keep = Array(range.sorted { rank[z][$0] > rank[z][$1] }.prefix(4)).sorted()
                    }
                    for i in keep {
                        let (x, y) = g.position(i)
                        out.add(x: x, y: y)
                        outRank.append(rank[z][i])
                    }
                    out.closeRing()
                }
                out.closePolygon()
            }
            zones.append(out.build(isMulti: g.isMulti, checkRings: false))
            ranks.append(outRank)
        }
        var city = city
        city.zones = zones
        return RankedZones(city: city, rank: ranks)
    }
}
