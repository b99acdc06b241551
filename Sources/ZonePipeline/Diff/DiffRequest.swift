import ZoneFormats

/// `zonectl diff` as a library call: the working zones built in memory (nothing written; the
/// build cache may be used) and compared with what a store serves, read as a client reads it.
public struct DiffRequest: Sendable {
    /// The build of the working zones.
    public var build: BuildRequest
    /// What to compare with: a published store, a local store or build directory, a client cache.
    public var target: ObjectStore
    /// Render one SVG per changed city (``Outcome/pictures``).
    public var pictures: Bool

    public init(build: BuildRequest, target: ObjectStore, pictures: Bool = false) {
        self.build = build
        self.target = target
        self.pictures = pictures
    }

    /// What a diff found.
    public struct Outcome: Sendable {
        /// The build's findings; with an error the working zones do not build and there is no diff.
        public var diagnostics: [Diagnostic]
        /// What would change; nil when the working zones do not build.
        public var diff: ZoneDiff?
        /// For people: the target has no manifest.json yet, so every city is new.
        public var notes: [String]
        /// One SVG per city that is not unchanged, named after its artifact folder (with ``pictures``).
        public var pictures: [OwnedDirectory.File]
    }

    /// Reads the target's manifest, builds the working zones in memory and compares them.
    public func run(progress: (String) -> Void = { _ in }) throws -> Outcome {
        let before = try ZoneSnapshot.published(target)
        let notes = before.manifest == nil ? ["\(target.name) has no manifest.json; every city is new"] : []
        // The diff compares zones and points; the tile archive is made from them, so it is not built.
        var build = build
        build.configFile.config.tiles = nil
        let outcome = try build.run(previousVersion: before.version, recordRevision: false, progress: progress)
        guard let built = outcome.output else {
            return Outcome(diagnostics: outcome.diagnostics, diff: nil, notes: notes, pictures: [])
        }
        let differ = ZoneDiffer(groupBy: build.config.groupBy, jobs: build.jobs, keepLayers: pictures)
        var diff = try differ.diff(before, .built(built, name: "working zones"))
        diff.closedGaps = built.report.closed
        let files =
            pictures
            ? diff.cities.filter { $0.status != .unchanged }.compactMap { city in
                DiffSVG().render(city).map {
                    OwnedDirectory.File(path: city.folder + ".svg", bytes: Array($0.utf8), city: city.city)
                }
            } : []
        return Outcome(diagnostics: outcome.diagnostics, diff: diff, notes: notes, pictures: files)
    }
}
