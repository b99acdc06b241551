import Crypto
import Foundation
import ZoneFormats
import ZonePoints

/// Point layers in the build cache: `cities/p-<key>/` holds a (layer, city)'s files, keyed by
/// the code, the layer's settings and the city's sorted points, so an unchanged city is not
/// clustered again. Pruned with the zone cities (one build's worth).
extension BuildCache: PointCityCache {
    /// The key of one city of `layer` with `points` (sorted, as the build clusters them).
    /// (`layer`'s settings hold its `gzip_level`.)
    func pointKey(layer: PointLayerConfig, precision: Int, city: String, points: PointSet) -> String {
        var h = SHA256()
        func add(_ s: String) { h.update(data: Array(s.utf8) + [0]) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let settings = (try? encoder.encode(layer)).map { String(decoding: $0, as: UTF8.self) } ?? layer.name
        for part in ["zonectl-points-cache-4", codeIdentity, settings, "\(precision)", city] {
            add(part)
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(2 * points.count + points.sums.count)
        for i in 0..<points.count { numbers += [points.longitude[i], points.latitude[i]] }
        numbers += points.sums
        numbers.withUnsafeBytes { h.update(bufferPointer: $0) }
        for i in 0..<points.count {
            add(points.ids[i])
            points.kept(i).withUnsafeBytes { h.update(bufferPointer: $0) }
            h.update(data: [0])
        }
        return "p-" + hex(h.finalize())
    }

    func loadPoints(_ key: String) -> (city: CachedPointCity, files: [[UInt8]])? {
        let dir = citiesDirectory + "/" + key
        guard let meta = FileManager.default.contents(atPath: dir + "/points.json"),
            let city = try? JSONDecoder().decode(CachedPointCity.self, from: meta)
        else { return nil }
        var files: [[UInt8]] = []
        for i in city.paths.indices {
            guard let data = FileManager.default.contents(atPath: dir + "/\(i).gz") else { return nil }
            files.append([UInt8](data))
        }
        return (city, files)
    }

    /// Stores a city (written aside, then renamed, so readers never see half an entry).
    func storePoints(_ key: String, city: CachedPointCity, files: [[UInt8]]) {
        let fm = FileManager.default
        let root = URL(fileURLWithPath: citiesDirectory)
        let staging = root.appendingPathComponent(".\(key).\(UUID().uuidString)")
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            for (i, bytes) in files.enumerated() {
                try Data(bytes).write(to: staging.appendingPathComponent("\(i).gz"))
            }
            try JSONEncoder().encode(city).write(to: staging.appendingPathComponent("points.json"))
            let target = root.appendingPathComponent(key)
            try? fm.removeItem(at: target)
            try fm.moveItem(at: staging, to: target)
        } catch {
            try? fm.removeItem(at: staging)
        }
    }
}
