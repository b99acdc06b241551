import ZoneClientCore
import ZoneGeometry
import ZoneSupport

/// `zonectl diff` as a library call: compares two snapshots city by city.
///
/// A city whose artifact has the same SHA-256 on both sides is unchanged and not read (no
/// geometry work); the others are read and compared group by group on `jobs` threads, one
/// GEOS context per thread. The style tables are compared when their hashes differ.
public struct ZoneDiffer: Sendable {
    /// `group_by` of the configuration: the keys after the first name a city's groups.
    public var groupBy: [String]
    public var jobs: Int
    /// Keep each changed city's geometry split into kept / removed / added (for SVGs).
    public var keepLayers: Bool

    public init(groupBy: [String], jobs: Int = defaultJobs, keepLayers: Bool = false) {
        self.groupBy = groupBy
        self.jobs = jobs
        self.keepLayers = keepLayers
    }

    /// What changed from `before` to `after`.
    public func diff(_ before: ZoneSnapshot, _ after: ZoneSnapshot) throws(DiffError) -> ZoneDiff {
        let (beforeManifest, afterManifest) = (try before.clientManifest(), try after.clientManifest())
        let old = Dictionary((beforeManifest?.cities ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary((afterManifest?.cities ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let ids = Set(old.keys).union(new.keys).sorted()

        // Read what differs first (stores are read from this thread), then compare in parallel.
        var pending: [PendingCity] = []
        for id in ids where old[id]?.artifact.sha256 != new[id]?.artifact.sha256 {
            pending.append(
                PendingCity(
                    id: id, before: old[id], after: new[id],
                    beforeRaw: try old[id].map { e throws(DiffError) in try before.content(of: e.artifact) },
                    afterRaw: try new[id].map { e throws(DiffError) in try after.content(of: e.artifact) }))
        }
        let (labelKeys, keepLayers, toCompare) = (Array(groupBy.dropFirst()), keepLayers, pending)
        let compared = parallelMapWithGEOS(count: toCompare.count, jobs: jobs) { context, i in
            Result { () throws(DiffError) -> CityDiff in
                try toCompare[i].compare(context: context, labelKeys: labelKeys, keepLayers: keepLayers)
            }
        }
        var byID: [String: CityDiff] = [:]
        for result in compared {
            let city = try result.get()
            byID[city.city] = city
        }
        let cities = ids.map { id in byID[id] ?? Self.unchanged(old[id], new[id]) }
        return ZoneDiff(
            before: .init(source: before.name, version: before.version),
            after: .init(source: after.name, version: after.version),
            configChanged: beforeManifest.map { $0.source?.configHash != afterManifest?.source?.configHash } ?? false,
            cities: cities, styles: try StyleComparison.compare(before, after),
            points: try PointDiffer.diff(before, after))
    }

    /// A city with the same artifact on both sides: its styles from the manifest, not read.
    static func unchanged(_ before: ZoneManifest.City?, _ after: ZoneManifest.City?) -> CityDiff {
        let entry = after ?? before
        return CityDiff(
            city: entry?.id ?? "", status: .unchanged, folder: entry.map(folder) ?? "",
            gzipBytes: Transition(before: before?.artifact.encodedBytes, after: after?.artifact.encodedBytes),
            vertices: Transition(before: before?.vertices, after: after?.vertices),
            groups: (entry?.styles ?? []).map {
                GroupDiff(
                    group: $0, status: .unchanged, areaBefore: nil, areaAfter: nil, areaAdded: 0, areaRemoved: 0,
                    percentChange: nil, vertices: Transition(), changedBBox: nil, properties: [])
            })
    }
}

/// The folder of a city's artifact key, zones/<folder>/<sha256>.geojson.gz.
func folder(_ entry: ZoneManifest.City) -> String {
    let parts = entry.artifact.key.split(separator: "/")
    return parts.count >= 3 ? String(parts[parts.count - 2]) : slug(entry.id)
}

/// A city whose artifacts differ, read and waiting to be compared.
private struct PendingCity: Sendable {
    var id: String
    var before: ZoneManifest.City?
    var after: ZoneManifest.City?
    var beforeRaw: [UInt8]?
    var afterRaw: [UInt8]?

    func compare(context: GEOSContext?, labelKeys: [String], keepLayers: Bool) throws(DiffError) -> CityDiff {
        let old =
            try beforeRaw.map { raw throws(DiffError) in
                try ArtifactGroup.groups(raw, key: before?.artifact.key ?? id, labelKeys: labelKeys)
            } ?? []
        let new =
            try afterRaw.map { raw throws(DiffError) in
                try ArtifactGroup.groups(raw, key: after?.artifact.key ?? id, labelKeys: labelKeys)
            } ?? []
        let compared: (groups: [GroupDiff], layers: [GroupLayers])
        do {
            guard let context else { throw GEOSError.contextUnavailable }
            compared = try CityComparison(context: context, keepLayers: keepLayers).compare(before: old, after: new)
        } catch {
            throw .geometry(city: id, message: "\(error)")
        }
        let status: ChangeStatus = before == nil ? .added : after == nil ? .removed : .changed
        return CityDiff(
            city: id, status: status, folder: (after ?? before).map(folder) ?? slug(id),
            gzipBytes: Transition(before: before?.artifact.encodedBytes, after: after?.artifact.encodedBytes),
            vertices: Transition(before: before?.vertices, after: after?.vertices),
            groups: compared.groups, layers: compared.layers)
    }
}
