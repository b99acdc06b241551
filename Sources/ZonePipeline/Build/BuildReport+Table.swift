import Foundation

extension BuildReport {
    /// The per-city table `zonectl build` prints: polygons → features, vertices, bytes (a `br`
    /// column when the build wrote brotli artifacts).
    public var table: String {
        let report = self
        let brotli = report.total.bytesBrotli != nil
        let header =
            ["city", "polygons", "features", "vertices in", "vertices out", "authored", "minified", "gzip"]
            + (brotli ? ["br"] : [])
        let rows = (report.cities + [report.total]).map { c in
            [
                terminalSafe(c.id), n(c.inputPolygons), n(c.outputFeatures), n(c.verticesIn), n(c.verticesOut),
                bytes(c.bytesAuthored), bytes(c.bytesMinified), bytes(c.bytesGzip),
            ] + (brotli ? [c.bytesBrotli.map(bytes) ?? "-"] : [])
        }
        let widths = header.indices.map { i in ([header] + rows).map { $0[i].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        var out = [line(header)]
        out += rows.dropLast().map(line)
        out.append(line(rows[rows.count - 1]))
        return out.joined(separator: "\n")
    }
}

/// `v` with a comma between thousands.
private func n(_ v: Int) -> String {
    let s = String(v)
    var out = ""
    for (i, c) in s.reversed().enumerated() {
        if i > 0, i % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return String(out.reversed())
}

/// A size in B, kB or MB.
private func bytes(_ v: Int) -> String {
    v >= 1_000_000
        ? decimal(Double(v) / 1e6, digits: 1) + " MB"
        : v >= 1000 ? decimal(Double(v) / 1e3, digits: 1) + " kB" : "\(v) B"
}
