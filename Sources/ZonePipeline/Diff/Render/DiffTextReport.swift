/// The terminal report: a summary line, then tables of the changed cities, their groups and
/// the changed styles.
public struct DiffTextReport {
    public let diff: ZoneDiff

    public init(_ diff: ZoneDiff) { self.diff = diff }

    public func render() -> String {
        let tables = DiffTables(diff: diff)
        var out = [
            "\(DiffTables.side(diff.before, published: true)) → \(DiffTables.side(diff.after, published: false)): \(tables.summaryLine)"
        ]
        if diff.configChanged { out.append("note: the two builds used different pipeline.yml contents") }
        guard diff.hasChanges else { return out.joined(separator: "\n") }
        if !tables.changedCities.isEmpty {
            out += ["", text(tables.cities), "", text(tables.groups)]
        }
        if !tables.changedStyles.isEmpty { out += ["", text(tables.styles)] }
        if !tables.changedPoints.isEmpty { out += ["", text(tables.points)] }
        let unchanged = diff.cities.count { $0.status == .unchanged }
        out += [
            "",
            (unchanged > 0 ? "\(unchanged) unchanged \(unchanged == 1 ? "city" : "cities") not listed; " : "")
                + "areas in \(ZoneDiff.areaMethod)",
        ]
        return out.joined(separator: "\n")
    }

    /// Columns padded to their widest cell, numbers right-aligned.
    func text(_ t: DiffTables.Table) -> String {
        let all = [t.header] + t.rows
        let widths = t.header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        return all.map { cells in
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return t.numeric.contains(i) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
