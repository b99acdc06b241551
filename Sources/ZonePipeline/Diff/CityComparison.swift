import ZoneGeometry

/// Compares the groups of one city's two artifacts: geometry with GEOS (before − after,
/// after − before), areas on the ellipsoid, vertices and properties.
struct CityComparison {
    let context: GEOSContext
    /// Keep the split geometry for pictures.
    let keepLayers: Bool

    /// The groups of either side, sorted by label, and their layers (empty unless kept).
    func compare(before: [ArtifactGroup], after: [ArtifactGroup]) throws -> (groups: [GroupDiff], layers: [GroupLayers])
    {
        let old = Dictionary(before.map { ($0.label, $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary(after.map { ($0.label, $0) }, uniquingKeysWith: { a, _ in a })
        var groups: [GroupDiff] = []
        var layers: [GroupLayers] = []
        for label in Set(old.keys).union(new.keys).sorted() {
            guard let (diff, split) = try compare(label, old[label], new[label]) else { continue }
            groups.append(diff)
            if keepLayers { layers.append(split) }
        }
        return (groups, layers)
    }

    /// One group, on either side or both (nil when on neither).
    private func compare(_ label: String, _ b: ArtifactGroup?, _ a: ArtifactGroup?) throws -> (GroupDiff, GroupLayers)?
    {
        let empty = PolygonalGeometry()
        let vertices = Transition(before: b?.geometry.positionCount, after: a?.geometry.positionCount)
        // Property changes of a group that is on both sides (an added group's are all new).
        let properties = b != nil && a != nil ? PropertyChange.between(b?.properties, a?.properties) : []
        switch (b, a) {
        case (let b?, let a?) where b.geometry == a.geometry:
            // Identical geometry: no overlay needed.
            let area = rounded(ellipsoidalArea(a.geometry))
            let diff = GroupDiff(
                group: label, status: properties.isEmpty ? .unchanged : .changed, areaBefore: area, areaAfter: area,
                areaAdded: 0, areaRemoved: 0, percentChange: 0, vertices: vertices, changedBBox: nil,
                properties: properties)
            return (diff, GroupLayers(group: label, kept: a.geometry, removed: empty, added: empty))
        case (let b?, let a?):
            let before = try b.geometry.makeGEOSGeometry(context: context)
            let after = try a.geometry.makeGEOSGeometry(context: context)
            let removed = try PolygonalGeometry(try before.difference(after).polygonalPart())
            let added = try PolygonalGeometry(try after.difference(before).polygonalPart())
            let kept = keepLayers ? try PolygonalGeometry(try before.intersection(after).polygonalPart()) : empty
            let (areaBefore, areaAfter) = (ellipsoidalArea(b.geometry), ellipsoidalArea(a.geometry))
            let diff = GroupDiff(
                group: label, status: .changed, areaBefore: rounded(areaBefore), areaAfter: rounded(areaAfter),
                areaAdded: rounded(ellipsoidalArea(added)), areaRemoved: rounded(ellipsoidalArea(removed)),
                percentChange: areaBefore > 0 ? rounded((areaAfter - areaBefore) / areaBefore * 100, places: 4) : nil,
                vertices: vertices, changedBBox: Self.box(removed, added), properties: properties)
            return (diff, GroupLayers(group: label, kept: kept, removed: removed, added: added))
        case (let b?, nil):
            let area = rounded(ellipsoidalArea(b.geometry))
            let diff = GroupDiff(
                group: label, status: .removed, areaBefore: area, areaAfter: nil, areaAdded: 0, areaRemoved: area,
                percentChange: -100, vertices: vertices, changedBBox: Self.box(b.geometry), properties: properties)
            return (diff, GroupLayers(group: label, kept: empty, removed: b.geometry, added: empty))
        case (nil, let a?):
            let area = rounded(ellipsoidalArea(a.geometry))
            let diff = GroupDiff(
                group: label, status: .added, areaBefore: nil, areaAfter: area, areaAdded: area, areaRemoved: 0,
                percentChange: nil, vertices: vertices, changedBBox: Self.box(a.geometry), properties: properties)
            return (diff, GroupLayers(group: label, kept: empty, removed: empty, added: a.geometry))
        case (nil, nil):
            return nil
        }
    }

    /// The box around all positions of `geometries` as [w, s, e, n]; nil when they are empty.
    static func box(_ geometries: PolygonalGeometry...) -> [Double]? {
        geometries.compactMap { BoundingBox($0) }.reduce(nil as BoundingBox?) { box, next in
            box.map { $0.union(next) } ?? next
        }?.array
    }
}

/// `value` rounded to `places` decimals (areas to the square centimetre; the data is no better).
func rounded(_ value: Double, places: Int = 2) -> Double {
    let scale = pow10(places)
    return (value * scale).rounded() / scale
}
