import Dispatch

/// One output feature: the zones of one group as one valid MultiPolygon.
public struct ZoneGroupResult: Sendable {
    /// The `group_by` values, e.g. ["berlin", "parking"].
    public var key: [String]
    /// Indices of the input features, in source order.
    public var members: [Int]
    /// The group keys and the `keep` properties.
    public var properties: JSONObject
    /// Valid, on the precision grid, wound as RFC 7946 asks.
    public var geometry: PolygonalGeometry
    public var bbox: BoundingBox
    public var inputPolygons: Int
    public var inputPositions: Int
    /// Positions simplification started from: the overlap priority's output snapped to the grid.
    public var verticesBeforeSimplify: Int
    /// Positions after simplification and dropping of small parts (what is written); equal to
    /// ``verticesBeforeSimplify`` when simplification is off.
    public var verticesAfterSimplify: Int
    /// The largest distance, in metres, simplification moved a border of the group (see
    /// ``SimplifyStats/hausdorffM``); 0 when simplification is off.
    public var hausdorffM: Double
}

/// The geometry stage's result for one city (the first `group_by` key).
public struct CityResult: Sendable {
    public var city: String
    public var groups: [ZoneGroupResult]
    public var contested: [ContestedArea]
    public var diagnostics: [Diagnostic]
    /// Seconds spent per step (repair, dissolve, priority, snap, simplify, finish).
    public var timings: [String: Double]
}

/// The geometry pipeline of one city: antimeridian split → repair → dissolve per group → overlap priority →
/// snap to the grid (whole city) → simplify (whole city, shared borders kept) → orientation,
/// bbox → validity gate.
struct CityGeometry {
    let context: GEOSContext
    let config: PipelineConfig

    func process(_ city: CityGroups, features: [Feature]) throws -> CityResult {
        var result = CityResult(city: city.city, groups: [], contested: [], diagnostics: [], timings: [:])
        var clock = StageClock()
        let groups = prioritised(city.groups)
        var polygons: [[(geometry: GEOSGeometry, box: BoundingBox)]] = []
        for group in groups {
            polygons.append(try group.members.flatMap { try inputPolygons(features[$0]) })
        }
        clock.lap("repair", into: &result.timings)

        let dissolve = Dissolve(context: context)
        var dissolved: [GroupPolygons] = []
        for (group, parts) in zip(groups, polygons) {
            let merged = try dissolve(parts).compactMap(boxed)
            dissolved.append((group.key, merged))
        }
        clock.lap("dissolve", into: &result.timings)

        var pieces = dissolved.map { $0.polygons.map(\.geometry) }
        if case .priority = config.overlaps {
            (pieces, result.contested) = try PriorityCarve(context: context)(dissolved)
        }
        let carved = try pieces.map { try GEOSGeometry.multiPolygon(of: $0, context: context) }
        clock.lap("priority", into: &result.timings)

        // Snap the whole city to the grid (valid by construction, shared borders identical),
        // putting coordinates exactly on the decimals: GEOS rounds with scale 1 / gridSize,
        // which is not exactly 10^precision for every precision (1 / 1e-5 = 99999.99999999999),
        // leaving coordinates up to an ulp off the decimals they stand for; the gate below
        // checks what a writer prints with `precision` decimals.
        var geometries = try SnapToGrid(context: context, gridSize: gridSize)(carved).map { g in
            var flat = try PolygonalGeometry(g)
            flat.isMulti = true
            flat.coordinates = flat.coordinates.map { ($0 * decimalScale).rounded() / decimalScale }
            return flat
        }
        clock.lap("snap", into: &result.timings)

        // Simplification works on the snapped city, so borders that snapping merged (drawn a few
        // centimetres apart) are one shared arc, and keeps a subset of its vertices: its output
        // is on the grid already and is not snapped again (snap rounding is not idempotent: a
        // second pass can fold a sliver the first pass kept).
        let carvedFlat = try carved.map { try PolygonalGeometry($0) }
        var stats = geometries.map { SharedArcSimplify.unchanged($0) }
        if config.simplify.toleranceM > 0 || config.simplify.minAreaM2 > 0 {
            let simplify = SharedArcSimplify(context: context, settings: config.simplify, clearance: gridSize)
            let out = try simplify(geometries)
            stats = out.stats
            geometries = out.groups
            if let first = groups.first {
                for note in out.notes {
                    result.diagnostics.append(.warning(features[first.members[0]].location, "city \(jsonQuoted(city.city)): simplify: \(note)"))
                }
            }
            for (group, s) in zip(groups, stats) where s.droppedPolygons + s.droppedHoles > 0 {
                result.diagnostics.append(.warning(features[group.members[0]].location,
                    "group [\(group.key.joined(separator: ", "))]: \(s.droppedPolygons) polygon(s) and \(s.droppedHoles) hole(s) smaller than min_area_m2 = \(config.simplify.minAreaM2) m² were dropped"))
            }
        }
        clock.lap("simplify", into: &result.timings)

        for (i, group) in groups.enumerated() {
            var geometry = geometries[i]
            // Parts min_area_m2 dropped were reported above.
            let polygonsBefore = carvedFlat[i].polygonCount - stats[i].droppedPolygons
            let holesBefore = carvedFlat[i].ringCount - carvedFlat[i].polygonCount - stats[i].droppedHoles
            let holes = geometry.ringCount - geometry.polygonCount
            if geometry.polygonCount < polygonsBefore || holes < holesBefore {
                result.diagnostics.append(.warning(features[group.members[0]].location,
                    "group [\(group.key.joined(separator: ", "))]: \(max(0, polygonsBefore - geometry.polygonCount)) polygon(s) and \(max(0, holesBefore - holes)) hole(s) collapsed on the \(config.precision)-decimal grid and were dropped"))
            }
            guard let bbox = BoundingBox(rfc7946: geometry) else {
                result.diagnostics.append(.warning(features[group.members[0]].location,
                    "group [\(group.key.joined(separator: ", "))] has no area left (covered by higher-priority styles or collapsed); no feature is written"))
                continue
            }
            geometry.orientForRFC7946()
            if let reason = try geometry.makeGEOSGeometry(context: context).invalidityReason() {
                result.diagnostics.append(.error(features[group.members[0]].location,
                    "group [\(group.key.joined(separator: ", "))]: output geometry is invalid (\(reason)); nothing is built"))
            }
            result.groups.append(ZoneGroupResult(
                key: group.key, members: group.members, properties: keptProperties(group, features, &result.diagnostics), geometry: geometry,
                bbox: bbox, inputPolygons: polygons[i].count,
                inputPositions: group.members.reduce(0) { $0 + (features[$1].geometry?.positionCount ?? 0) },
                verticesBeforeSimplify: stats[i].verticesBefore, verticesAfterSimplify: stats[i].verticesAfter,
                hausdorffM: stats[i].hausdorffM))
        }
        result.groups.sort { $0.key.lexicographicallyPrecedes($1.key) }
        clock.lap("finish", into: &result.timings)
        return result
    }

    var gridSize: Double { 1 / pow10(config.precision) }
    var decimalScale: Double { pow10(config.precision) }

    /// Groups, highest overlap priority first: listed styles in list order, then the rest by key.
    func prioritised(_ groups: [FeatureGroup]) -> [FeatureGroup] {
        guard case .priority(let order) = config.overlaps else { return groups }
        let styleIndex = config.groupBy.firstIndex(of: config.styles.property)
        func rank(_ g: FeatureGroup) -> Int {
            guard let s = styleIndex else { return order.count }
            return order.firstIndex(of: g.key[s]) ?? order.count
        }
        return groups.sorted { (rank($0), $0.key.joined(separator: "\u{0}")) < (rank($1), $1.key.joined(separator: "\u{0}")) }
    }

    /// The polygons of one feature, split at the antimeridian, then made valid when validation
    /// found them (split) invalid.
    func inputPolygons(_ feature: Feature) throws -> [(geometry: GEOSGeometry, box: BoundingBox)] {
        guard let g = feature.geometry, !g.isEmpty else { return [] }
        let split: PolygonalGeometry
        do {
            split = try AntimeridianSplit(interpolation: config.antimeridian.interpolation)(g)
        } catch {
            throw FeatureGeometryError(location: feature.location, message: "\(error)")
        }
        var geometry = try split.makeGEOSGeometry(context: context)
        if !feature.isValid { geometry = try geometry.makeValid().polygonalPart() }
        return try geometry.separatePolygons().compactMap(boxed)
    }

    /// A polygon with its box; nil for an empty one.
    func boxed(_ g: GEOSGeometry) throws -> (geometry: GEOSGeometry, box: BoundingBox)? {
        try BoundingBox(PolygonalGeometry(g)).map { (g, $0) }
    }

    /// Group keys plus `keep` properties; a kept property that differs inside the group is
    /// reported and the first value kept.
    func keptProperties(_ group: FeatureGroup, _ features: [Feature], _ diagnostics: inout [Diagnostic]) -> JSONObject {
        var out = JSONObject(zip(config.groupBy, group.key).map { ($0, JSONValue.string($1)) })
        for key in config.keep where !config.groupBy.contains(key) {
            var value: JSONValue?
            for m in group.members {
                guard let v = features[m].properties[key] else { continue }
                if let value, value != v {
                    diagnostics.append(.warning(features[m].location,
                        "kept property \(jsonQuoted(key)) is \(v) here but \(value) elsewhere in group [\(group.key.joined(separator: ", "))]; the first value is kept"))
                } else if value == nil {
                    value = v
                }
            }
            if let value { out.members.append((key, value)) }
        }
        return out
    }
}

/// 10^n for small n, exactly.
func pow10(_ n: Int) -> Double {
    var p = 1.0
    for _ in 0..<n { p *= 10 }
    return p
}

/// Wall-clock laps of the geometry steps.
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap(_ name: String, into timings: inout [String: Double]) {
        let now = DispatchTime.now().uptimeNanoseconds
        timings[name, default: 0] += Double(now - last) / 1e9
        last = now
    }
}

extension BoundingBox {
    /// The smallest box holding both.
    func union(_ o: BoundingBox) -> BoundingBox {
        var b = self
        b.west = min(west, o.west); b.south = min(south, o.south)
        b.east = max(east, o.east); b.north = max(north, o.north)
        return b
    }
}
