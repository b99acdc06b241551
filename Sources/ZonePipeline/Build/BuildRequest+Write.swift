import Foundation

extension BuildRequest {
    /// `zonectl build`'s workflow: builds (reusing what `directory` already holds) and, when the
    /// build has no error, replaces the directory's files with the new ones, report.json removed
    /// first and manifest.json written last, so a reader never sees a manifest without its
    /// artifacts. The git revision is recorded in the manifest.
    public func write(to directory: OwnedDirectory, progress: (String) -> Void = { _ in }) throws
        -> BuildPipeline.Outcome
    {
        var request = self
        request.written = directory.written
        let outcome = try request.run(
            previousVersion: Self.previousVersion(inOutput: directory.path), recordRevision: true, progress: progress)
        if let built = outcome.output {
            try directory.replaceContents(
                with: built.files.map {
                    OwnedDirectory.File(
                        path: $0.path, bytes: $0.bytes, city: $0.city, identity: $0.identity,
                        isAlreadyWritten: $0.isAlreadyWritten)
                },
                last: ["manifest.json"], removingFirst: ["report.json"])
        }
        return outcome
    }
}

extension BuildOutput {
    /// The closing lines of `zonectl build`'s text output, after the tables: features read and
    /// built (and refused), zones that vanished (five named unless `verbose`), and what was
    /// written where. `warnings` is the build's finding count.
    public func summaryLines(writtenTo directory: String, warnings: Int, verbose: Bool) -> [String] {
        var lines = [
            "\(plural(report.features.read, "feature")) read: \(report.features.built) built"
                + (report.features.refused.isEmpty
                    ? ""
                    : ", \(report.features.refused.count) refused (listed in report.json; each one's finding with --verbose)")
        ]
        if !report.vanished.isEmpty {
            let shown = verbose ? report.vanished[...] : report.vanished.prefix(5)
            let more = report.vanished.count - shown.count
            lines.append(
                "\(report.vanished.count) vanished: "
                    + shown.map { "\($0.zone) (\(plural($0.polygons, "polygon")), \($0.reason))" }
                    .joined(separator: "; ")
                    + (more > 0 ? "; and \(more) more (all with --verbose or in report.json)" : ""))
        }
        let reused =
            report.cachedCities > 0 ? ", \(report.cachedCities) of \(report.cities.count) cities unchanged (cache)" : ""
        lines.append(
            "wrote \(plural(files.count, "file")) to \(directory)/ (manifest version \(manifest.version)\(reused))"
                + (warnings > 0 ? "; \(plural(warnings, "warning")), shown with --verbose" : ""))
        return lines
    }
}
