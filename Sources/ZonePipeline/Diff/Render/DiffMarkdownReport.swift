import Foundation

/// The pull-request comment: a one-line summary, then the details folded in `<details>`.
public struct DiffMarkdownReport {
    public let diff: ZoneDiff

    public init(_ diff: ZoneDiff) { self.diff = diff }

    public func render() -> String {
        let tables = DiffTables(diff: diff)
        let against =
            "against `\(code(diff.before.source))`"
            + (diff.before.version.map { " version `\($0)`" } ?? " (nothing published)")
        var out = ["**zonectl diff**: \(tables.summaryLine) \(against)."]
        if diff.configChanged {
            out += ["", "> pipeline.yml differs from the one the published version was built with."]
        }
        guard diff.hasChanges else { return out.joined(separator: "\n") + "\n" }
        out += ["", "<details>", "<summary>Details</summary>", ""]
        if !tables.changedCities.isEmpty {
            out += ["#### Cities", "", markdown(tables.cities), "", "#### Groups", "", markdown(tables.groups), ""]
        }
        if !tables.changedStyles.isEmpty { out += ["#### Styles", "", markdown(tables.styles), ""] }
        if !tables.changedPoints.isEmpty { out += ["#### Points", "", markdown(tables.points), ""] }
        if !diff.closedGaps.isEmpty {
            let closed = DiffTables.Table(
                header: ["city", "style", "gap area closed (m²)"],
                rows: diff.closedGaps.map { [$0.city, $0.style, String(format: "%.1f", $0.squareMetres)] },
                numeric: [2])
            out += ["#### Gaps closed (gaps.close_m)", "", markdown(closed), ""]
        }
        let unchanged = diff.cities.count { $0.status == .unchanged }
        out += [
            (unchanged > 0 ? "\(unchanged) unchanged \(unchanged == 1 ? "city" : "cities") not listed. " : "")
                + "Areas in \(ZoneDiff.areaMethod).", "", "</details>",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// A GitHub-flavoured table; number columns right-aligned.
    func markdown(_ t: DiffTables.Table) -> String {
        let row = { (cells: [String]) in "| " + cells.map(cell).joined(separator: " | ") + " |" }
        let rule = "|" + t.header.indices.map { t.numeric.contains($0) ? "---:|" : "---|" }.joined()
        return ([row(t.header), rule] + t.rows.map(row)).joined(separator: "\n")
    }

    /// A table cell: pipes escaped, line breaks flattened, HTML neutralised.
    private func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "<", with: "&lt;")
    }

    /// Text inside backticks (a backtick would end the span).
    private func code(_ s: String) -> String { s.replacingOccurrences(of: "`", with: "'") }
}
