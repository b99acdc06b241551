import Dispatch
import ZoneFormats
import ZoneGeometry
import ZoneSupport

/// The geometry pipeline of one city: antimeridian split → repair → planar overlay (dissolve
/// per group, overlap priority and snapping to the grid, whole city at once) → simplify (whole
/// city, shared borders kept) → orientation, bbox → validity gate.
struct CityGeometry {
    let context: GEOSContext
    let config: PipelineConfig
    /// Cores other workers lent, for the steps that run in chunks (``IdleCores``).
    let cores: IdleCores
    /// `keep` less the group keys.
    let kept: KeyOrder

    init(context: GEOSContext, config: PipelineConfig, cores: IdleCores = .none) {
        (self.context, self.config, self.cores) = (context, config, cores)
        kept = KeyOrder(config.keep.filter { !config.groupBy.contains($0) })
    }

    func process(_ city: CityGroups, features: [Feature]) throws -> CityResult {
        var result = CityResult(city: city.city, groups: [], contested: [], diagnostics: [], timings: [:])
        var clock = StageClock()
        let groups = prioritised(city.groups)
        var inputs: [[PolygonalGeometry]] = []
        var inputFeatures: [InputFeature] = []
        for (g, group) in groups.enumerated() {
            var polygons: [PolygonalGeometry] = []
            for m in group.members {
                guard let geometry = try inputGeometry(features[m]) else { continue }
                polygons.append(geometry)
                inputFeatures.append(InputFeature(index: m, group: g, geometry: geometry))
            }
            inputs.append(polygons)
        }
        clock.lap("repair", into: &result.timings)

        // Gaps between features narrower than the report or closing width (ZoneGeometry, Gaps/).
        var isPriority = false
        if case .priority = config.overlaps { isPriority = true }
        // Closing searches before the overlay; the report alone, after it, on its cover border.
        var gaps = CityGaps(settings: config.gaps, features: inputFeatures, priority: isPriority, cores: cores)
        clock.lap("gaps", into: &result.timings)

        // Dissolve, overlap priority, gap filling and snapping in one planar overlay of the whole
        // city: valid by construction, on the grid, borders shared by groups identical.
        var cityOverlay = CityOverlay(precision: config.precision, priority: isPriority, cores: cores)
        cityOverlay.tracksCoverBorders = gaps.searchesCoverBorder
        var overlay = try cityOverlay(inputs, fills: gaps.fills)
        result.contested = overlay.contested.map {
            ContestedArea(winner: groups[$0.winner].key, loser: groups[$0.loser].key, squareMetres: $0.squareMetres)
        }
        clock.lap("overlay", into: &result.timings)
        if gaps.searchesCoverBorder {
            overlay.gaps = try gaps.report(
                coverBorders: overlay.coverBorders, precision: config.precision, cores: cores)
            overlay.coverBorders = []
            clock.lap("gaps", into: &result.timings)
        }
        result.gaps = gaps.findings(overlay.gaps, city: city.city, groups: groups, features: features)
        result.closed = zip(groups, overlay.closedSquareMetres).compactMap { group, m2 in
            m2 > 0 ? ClosedArea(group: group.key, squareMetres: m2) : nil
        }
        var geometries = overlay.groups
        for (i, group) in groups.enumerated() where overlay.collapsedPolygons[i] + overlay.collapsedHoles[i] > 0 {
            result.diagnostics.append(
                .warning(
                    features[group.members[0]].location,
                    "group [\(group.key.joined(separator: ", "))]: \(overlay.collapsedPolygons[i]) polygon(s) and \(overlay.collapsedHoles[i]) hole(s) collapsed on the \(config.precision)-decimal grid and were dropped"
                ))
        }

        // Simplification works on the snapped city, so borders that snapping merged (drawn a few
        // centimetres apart) are one shared arc, and keeps a subset of its vertices: its output
        // is on the grid already and is not snapped again (snap rounding is not idempotent: a
        // second pass can fold a sliver the first pass kept).
        var stats = geometries.map { SharedArcSimplify.unchanged($0) }
        var checkedValid = false
        if config.simplify.toleranceM > 0 || config.simplify.minAreaM2 > 0 {
            let simplify = SharedArcSimplify(
                context: context, settings: config.simplify, clearance: gridSize, snapGrid: gridSize)
            let out = try simplify(geometries)
            stats = out.stats
            geometries = out.groups
            checkedValid = out.checkedValid
            if let first = groups.first {
                for note in out.notes {
                    result.diagnostics.append(
                        .warning(
                            features[first.members[0]].location, "city \(jsonQuoted(city.city)): simplify: \(note)"))
                }
            }
            for (group, s) in zip(groups, stats) where s.droppedPolygons + s.droppedHoles > 0 {
                result.diagnostics.append(
                    .warning(
                        features[group.members[0]].location,
                        "group [\(group.key.joined(separator: ", "))]: \(s.droppedPolygons) polygon(s) and \(s.droppedHoles) hole(s) smaller than min_area_m2 = \(config.simplify.minAreaM2) m² were dropped"
                    ))
            }
        }
        clock.lap("simplify", into: &result.timings)

        for (i, group) in groups.enumerated() {
            var geometry = geometries[i]
            guard let bbox = BoundingBox(rfc7946: geometry) else {
                result.diagnostics.append(
                    .warning(
                        features[group.members[0]].location,
                        "group [\(group.key.joined(separator: ", "))] has no area left (covered by higher-priority styles or collapsed); no feature is written"
                    ))
                let polygons = inputs[i].reduce(0) { $0 + $1.polygonCount }
                if polygons > 0 {
                    result.vanished.append(
                        VanishedZone(
                            key: group.key, polygons: polygons,
                            reason: VanishedZone.reason(
                                collapsed: overlay.collapsedPolygons[i], dropped: stats[i].droppedPolygons,
                                precision: config.precision)))
                } else {
                    // Its polygons as read: the repair leaves nothing of a ring without area.
                    let read = group.members.reduce(0) { $0 + (features[$1].geometry?.polygonCount ?? 0) }
                    if read > 0 {
                        result.vanished.append(
                            VanishedZone(key: group.key, polygons: read, reason: VanishedZone.noArea))
                    }
                }
                continue
            }
            geometry.orientForRFC7946()
            // The gate: the validity check (GEOS where not certain) of what simplification did
            // not already check.
            if !checkedValid, let reason = try geometry.invalidityReason(context: context) {
                result.diagnostics.append(
                    .error(
                        features[group.members[0]].location,
                        "group [\(group.key.joined(separator: ", "))]: output geometry is invalid (\(reason)); nothing is built"
                    ))
            }
            result.groups.append(
                ZoneGroupResult(
                    key: group.key, members: group.members,
                    properties: keptProperties(group, features, &result.diagnostics), geometry: geometry,
                    bbox: bbox, inputPolygons: inputs[i].reduce(0) { $0 + $1.polygonCount },
                    inputPositions: group.members.reduce(0) { $0 + (features[$1].geometry?.positionCount ?? 0) },
                    verticesBeforeSimplify: stats[i].verticesBefore, verticesAfterSimplify: stats[i].verticesAfter,
                    hausdorffM: stats[i].hausdorffM))
        }
        result.groups.sort { $0.key.lexicographicallyPrecedes($1.key) }
        clock.lap("finish", into: &result.timings)
        return result
    }

    var gridSize: Double { 1 / pow10(config.precision) }

    /// Groups, highest overlap priority first: listed styles in list order, then the rest by key.
    func prioritised(_ groups: [FeatureGroup]) -> [FeatureGroup] {
        guard case .priority(let order) = config.overlaps else { return groups }
        let styleIndex = config.groupBy.firstIndex(of: config.styles.property)
        func rank(_ g: FeatureGroup) -> Int {
            guard let s = styleIndex else { return order.count }
            return order.firstIndex(of: g.key[s]) ?? order.count
        }
        return groups.sorted {
            (rank($0), $0.key.joined(separator: "\u{0}")) < (rank($1), $1.key.joined(separator: "\u{0}"))
        }
    }

    /// The polygons of one feature, split at the antimeridian, then made valid when validation
    /// found them (split) invalid.
    func inputGeometry(_ feature: Feature) throws -> PolygonalGeometry? {
        guard let g = feature.geometry, !g.isEmpty else { return nil }
        let split: PolygonalGeometry
        do {
            split = try AntimeridianSplit(interpolation: config.antimeridian.interpolation)(g)
        } catch {
            throw FeatureGeometryError(location: feature.location, message: "\(error)")
        }
        if feature.isValid { return split }
        return try PolygonalGeometry(try split.makeGEOSGeometry(context: context).makeValid().polygonalPart())
    }

    /// Group keys plus `keep` properties (in `keep` order); a kept property that differs inside
    /// the group is reported (by key, then member) and the first value kept.
    func keptProperties(_ group: FeatureGroup, _ features: [Feature], _ diagnostics: inout [Diagnostic]) -> JSONObject {
        var out = JSONObject(zip(config.groupBy, group.key).map { ($0, JSONValue.string($1)) })
        var first: [String: JSONValue] = [:]
        var differing: [(rank: Int, order: Int, diagnostic: Diagnostic)] = []
        for m in group.members {
            for (key, v) in features[m].properties.members {
                guard let rank = kept.position(of: key) else { continue }
                if let value = first[key] {
                    if value != v {
                        differing.append(
                            (
                                rank, differing.count,
                                .warning(
                                    features[m].location,
                                    "kept property \(jsonQuoted(key)) is \(v) here but \(value) elsewhere in group [\(group.key.joined(separator: ", "))]; the first value is kept"
                                )
                            ))
                    }
                } else {
                    first[key] = v
                }
            }
        }
        diagnostics += differing.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.diagnostic)
        out.members += kept.pick(JSONObject(first.map { ($0.key, $0.value) })).members
        return out
    }
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
