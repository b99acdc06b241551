/// The rows the text and markdown reports share: changed cities, their groups, changed styles.
struct DiffTables {
    let diff: ZoneDiff

    /// A table: header, rows, and which columns hold numbers (right-aligned).
    struct Table {
        var header: [String]
        var rows: [[String]]
        var numeric: Set<Int>
    }

    var changedCities: [CityDiff] { diff.cities.filter { $0.status != .unchanged } }
    var changedStyles: [StyleDiff] { diff.styles.filter { $0.status != .unchanged } }
    var changedPoints: [PointCityDiff] { diff.points.filter { $0.status != .unchanged } }

    /// The point layers' changed cities: counts, and the first few ids of each kind.
    var points: Table {
        let count = { (n: Int?) in n.map(DiffNumbers.grouped) ?? "?" }
        return Table(
            header: ["layer", "city", "status", "points", "added", "removed", "moved", "which"],
            rows: changedPoints.map { p in
                [
                    p.layer, p.city, p.status.rawValue, DiffNumbers.transition(p.points), count(p.added),
                    count(p.removed), count(p.moved), Self.which(p),
                ]
            },
            numeric: [3, 4, 5, 6])
    }

    /// "+a, b; −c; moved d, e, …" (three of each kind), or why there are no counts.
    static func which(_ p: PointCityDiff) -> String {
        guard p.compared else { return "no point index on one side (an older zonectl): counts unknown" }
        func names(_ ids: [String?], total: Int?) -> String {
            let shown = ids.prefix(3).map { $0 ?? "(no id)" }.joined(separator: ", ")
            return shown + ((total ?? 0) > 3 ? ", …" : "")
        }
        var parts: [String] = []
        if !p.addedPoints.isEmpty { parts.append("+" + names(p.addedPoints.map(\.id), total: p.added)) }
        if !p.removedPoints.isEmpty { parts.append("−" + names(p.removedPoints.map(\.id), total: p.removed)) }
        if !p.movedPoints.isEmpty { parts.append("moved " + names(p.movedPoints.map(\.id), total: p.moved)) }
        return parts.joined(separator: "; ")
    }

    var cities: Table {
        Table(
            header: ["city", "status", "groups changed", "vertices", "gzip bytes"],
            rows: changedCities.map { c in
                [
                    c.city, c.status.rawValue, "\(c.groups.count { $0.status != .unchanged }) of \(c.groups.count)",
                    DiffNumbers.transition(c.vertices), DiffNumbers.transition(c.gzipBytes),
                ]
            },
            numeric: [2])
    }

    var groups: Table {
        let rows = changedCities.flatMap { c in
            c.groups.map { g in
                [
                    c.city, g.group,
                    g.status.rawValue
                        + (g.properties.isEmpty
                            ? "" : " (properties: \(g.properties.map(\.key).joined(separator: ", ")))"),
                    DiffNumbers.area(g.areaBefore), DiffNumbers.signedArea(g.areaRemoved, sign: "−"),
                    DiffNumbers.signedArea(g.areaAdded, sign: "+"),
                    g.status == .unchanged ? "" : DiffNumbers.percent(g.percentChange),
                    DiffNumbers.transition(g.vertices), DiffNumbers.place(g.changedBBox),
                ]
            }
        }
        return Table(
            header: [
                "city", "group", "status", "area before", "removed", "added", "change", "vertices", "where (centre)",
            ],
            rows: rows, numeric: [3, 4, 5, 6])
    }

    var styles: Table {
        Table(
            header: ["style", "status", "property", "before", "after"],
            rows: changedStyles.flatMap { s in
                s.properties.map {
                    [s.style, s.status.rawValue, $0.key, DiffNumbers.value($0.before), DiffNumbers.value($0.after)]
                }
            },
            numeric: [])
    }

    /// One line: what changed, with totals (no trailing period).
    var summaryLine: String {
        let s = diff.summary
        guard diff.hasChanges else {
            let points =
                diff.points.isEmpty ? "" : ", \(diff.points.count) point \(plural(diff.points.count, "city", "cities"))"
            return
                "no changes (\(diff.cities.count) \(plural(diff.cities.count, "city", "cities")), \(diff.styles.count) \(plural(diff.styles.count, "style", "styles"))\(points))"
        }
        var parts = [counts("cities", s.cities), counts("groups", s.groups)].filter { !$0.isEmpty }
        if s.areaAdded > 0 || s.areaRemoved > 0 {
            parts.append(
                "area \(DiffNumbers.signedArea(s.areaAdded, sign: "+")) / \(DiffNumbers.signedArea(s.areaRemoved, sign: "−"))"
            )
        }
        let styles = counts("styles", s.styles)
        if !styles.isEmpty { parts.append(styles) }
        let p = s.points
        if p.added + p.removed + p.moved > 0 || !changedPoints.isEmpty {
            parts.append(
                "points: \(DiffNumbers.grouped(p.added)) added, \(DiffNumbers.grouped(p.removed)) removed, "
                    + "\(DiffNumbers.grouped(p.moved)) moved"
                    + (p.notCompared > 0
                        ? " (\(p.notCompared) point \(plural(p.notCompared, "city", "cities")) not compared)" : ""))
        }
        return parts.joined(separator: "; ")
    }

    /// "cities: 1 changed, 2 added" (unchanged left out; empty when nothing changed).
    private func counts(_ what: String, _ byStatus: [ChangeStatus: Int]) -> String {
        let changed = ChangeStatus.allCases.filter { $0 != .unchanged }.compactMap { status in
            byStatus[status].map { "\($0) \(status.rawValue)" }
        }
        return changed.isEmpty ? "" : "\(what): " + changed.joined(separator: ", ")
    }

    private func plural(_ n: Int, _ one: String, _ many: String) -> String { n == 1 ? one : many }

    /// "./store (version 20261121T182503Z)"; a build made in memory has no version.
    static func side(_ s: ZoneDiff.Side, published: Bool) -> String {
        s.source + (s.version.map { " (version \($0))" } ?? (published ? " (nothing published)" : ""))
    }
}
