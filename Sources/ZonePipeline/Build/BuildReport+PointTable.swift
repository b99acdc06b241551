import Foundation

extension BuildReport {
    /// The per-layer and per-city table of point layers `zonectl build` prints: points, clusters
    /// per zoom (z0, z4, z8, z12, z16 …), files and bytes; nil without point layers.
    public var pointTable: String? {
        guard let rows = points else { return nil }
        let maxZoom = rows.map { $0.clustersPerZoom.count - 1 }.max() ?? 0
        let zooms = Array(stride(from: 0, through: maxZoom, by: 4)) + (maxZoom % 4 == 0 ? [] : [maxZoom])
        let header = ["layer", "city", "points"] + zooms.map { "clusters z\($0)" } + ["files", "gzip", "cache"]
        let cells = rows.map { r in
            [terminalSafe(r.layer), terminalSafe(r.city), String(r.points)]
                + zooms.map { $0 < r.clustersPerZoom.count ? String(r.clustersPerZoom[$0]) : "" }
                + [
                    String(r.files), decimal(Double(r.bytesGzip) / 1e3, digits: 1) + " kB",
                    r.cached ? "unchanged" : "built",
                ]
        }
        let widths = header.indices.map { i in ([header] + cells).map { $0[i].count }.max() ?? 0 }
        return ([header] + cells).map { line in
            line.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
