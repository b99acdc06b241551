import ZoneGeometry

extension ZoneDiff {
    /// The report for a reader: the pull-request comment (`markdown`), else the terminal report
    /// with the gaps the working zones close. Control characters are the printer's to escape.
    public func report(markdown: Bool, gaps: GapsConfig) -> String {
        if markdown { return DiffMarkdownReport(self).render() }
        let lines =
            [DiffTextReport(self).render()] + GapLines(gaps: [], closed: closedGaps, config: gaps).lines(verbose: false)
        return lines.map { $0 + "\n" }.joined()
    }
}
