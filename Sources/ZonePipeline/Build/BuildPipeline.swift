import CivilTime
import Dispatch
import Foundation
import ZoneFormats
import ZoneGeometry
import ZoneSupport

/// The files of one build and what they hold.
public struct BuildOutput: Sendable {
    public var manifest: Manifest
    public var report: BuildReport
    /// Artifacts, then manifest.json and report.json.
    public var files: [ArtifactFile]
}

/// `zonectl build` as a library call: scan (read + validate) → per city: read again,
/// geometry, artifact → style table, manifest, report.
public struct BuildPipeline {
    public var config: PipelineConfig
    public var jobs: Int
    /// Keep each city's output geometry in ``Outcome/cities`` (the tests and the bench look at
    /// it); a build drops a city's coordinates once its artifact is written.
    public var keepsGeometry: Bool
    /// Keep the coordinates the scan parsed for the build (``GeometrySpill``); without, the
    /// build parses each city's features again (as it does for files whose scan was cached).
    var spillsGeometry = true

    public init(config: PipelineConfig, jobs: Int = defaultJobs, keepsGeometry: Bool = false) {
        self.config = config
        self.jobs = jobs
        self.keepsGeometry = keepsGeometry
    }

    /// Where the build stands: findings always; output only when there is no error.
    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic]
        public var output: BuildOutput?
        public var inputFiles: Int
        /// The cities built in this run (not those the cache gave), in city order; their
        /// geometry only with ``BuildPipeline/keepsGeometry``.
        public var cities: [CityResult] = []
        /// What the build worked with (summaries, scans, cache hits), released with the outcome,
        /// not as the build returns: the CLI exits without releasing it (releasing every
        /// feature's summary one by one is a visible part of a one-city rebuild).
        var workingSet: WorkingSet? = nil
    }

    /// Values kept alive, unread, as long as their holder.
    final class WorkingSet: @unchecked Sendable {
        private let values: [Any]
        init(_ values: Any...) { self.values = values }
    }

    /// The build's first two steps, scan and feature account, and nothing more: what
    /// `zonectl validate` reports.
    public struct Checked: Sendable {
        /// The files read, in reading order.
        public var files: [String]
        /// Summaries of all features (no coordinates), in file order then source order.
        public var features: FeatureSummaries
        /// Findings, ordered by file, line and column; then any feature the account could not place.
        public var diagnostics: [Diagnostic]
        /// The cities and their groups; empty when the scan found errors.
        public var cities: [CityGroups]
        /// Read = built + refused; nil when the scan found errors.
        public var account: FeatureAccount?
    }

    /// Scans `paths` (default: the config's zones) and accounts for every feature, as the build
    /// starts; nothing is built or cached. Throws only when a file cannot be read.
    public func check(paths: [String]? = nil, now: Date = Date()) throws(SourceError) -> Checked {
        try check(files: try ZoneFiles.discover(paths ?? config.zones), cache: nil, now: now).checked
    }

    func check(files: [String], cache: BuildCache?, now: Date, spill: GeometrySpill? = nil) throws(SourceError) -> (
        checked: Checked, pass: ScanPass
    ) {
        var pass = try ScanPass(files: files, config: config, cache: cache, now: now, jobs: jobs, spill: spill)
        var checked = Checked(
            files: files, features: pass.features, diagnostics: pass.diagnostics, cities: [], account: nil)
        // One copy of the findings (a large corpus has a winding warning on every other feature).
        pass.diagnostics = []
        guard !checked.diagnostics.hasErrors else { return (checked, pass) }
        checked.cities = pass.cities
        let (account, unexplained) = FeatureAccount.make(
            pass.features, cities: checked.cities, diagnostics: checked.diagnostics)
        checked.diagnostics += unexplained
        checked.account = account
        return (checked, pass)
    }

    /// Runs the stages on `paths` (default: the config's zones). Throws only when a file cannot
    /// be read; data problems end as diagnostics with `output == nil`. With a `cache`, files
    /// whose bytes did not change are not parsed again, and cities whose inputs did not change
    /// reuse their last artifact. `revision` is asked for when the manifest is made.
    ///
    /// Two passes over the files: the scan checks every file and keeps a summary per feature
    /// (no coordinates); then each city's features are read again from where the scan found
    /// them (``CityBuilder``), built and written by one worker, so peak memory follows the
    /// largest cities, not the input or its largest file.
    ///
    /// With `written` (the output directory's records), a cached city's artifact that the
    /// directory holds already is not read (``ArtifactFile/isAlreadyWritten``).
    ///
    /// The tile archive (pipeline.yml `tiles`) is made last, from the artifacts, after what the
    /// rest of the build worked with is let go.
    public func run(
        paths: [String]? = nil, configBytes: [UInt8], revision: @autoclosure () -> String?, previousVersion: String?,
        cache: BuildCache? = nil, written: WrittenFiles? = nil, now: Date = Date(),
        progress: (String) -> Void = { _ in }
    ) throws -> Outcome {
        var (outcome, gapTexts) = try stages(
            paths: paths, configBytes: configBytes, revision: revision(), previousVersion: previousVersion,
            cache: cache, written: written, now: now, progress: progress)
        guard config.tiles != nil, let output = outcome.output else { return outcome }
        // The tile stage is long and holds a zoom of every city: what the build worked with is
        // let go first, and its free pages given back.
        let clock = StageClock()
        outcome.workingSet = nil
        releaseFreeMemory()
        progress("tiles")
        outcome.output = try withTiles(output, gapTexts: gapTexts, written: written, clock: clock)
        return outcome
    }

    /// `output` (the artifacts) with the tile archive (``TileStage``), then its manifest and
    /// report, which name the archive and the stage's time.
    private func withTiles(
        _ output: BuildOutput, gapTexts: [BuildReport.GapText]?, written: WrittenFiles?, clock: StageClock
    ) throws -> BuildOutput {
        var (output, clock) = (output, clock)
        if let tiles = try TileStage.archive(
            config: config, jobs: jobs, files: output.files, cities: output.manifest.cities,
            points: output.manifest.points ?? [], written: written)
        {
            clock.lap("tiles", into: &output.report.stageSeconds)
            output.manifest.tiles = tiles.entry
            output.files.append(tiles.file)
        }
        output.files.append(ArtifactFile(path: "manifest.json", bytes: try output.manifest.jsonBytes()))
        output.files.append(
            ArtifactFile(path: "report.json", bytes: try output.report.jsonBytes(jobs: jobs, gapTexts: gapTexts)))
        return output
    }

    /// ``run(paths:configBytes:revision:previousVersion:cache:written:now:progress:)`` without
    /// the tiles; with the cities' gap texts for the report, when every city has its own.
    private func stages(
        paths: [String]?, configBytes: [UInt8], revision: @autoclosure () -> String?, previousVersion: String?,
        cache: BuildCache?, written: WrittenFiles?, now: Date, progress: (String) -> Void
    ) throws -> (Outcome, gapTexts: [BuildReport.GapText]?) {
        var seconds: [String: Double] = [:]
        var clock = StageClock()
        let files = try ZoneFiles.discover(paths ?? config.zones)
        var checked: Checked
        let pass: ScanPass
        // The scan keeps the coordinates it parsed for the build (``GeometrySpill``).
        let spill = spillsGeometry ? GeometrySpill() : nil
        (checked, pass) = try check(files: files, cache: cache, now: now, spill: spill)
        let features = checked.features
        // Moved out, so appending to them copies no finding (75,000 on a large corpus).
        var diagnostics = checked.diagnostics
        checked.diagnostics = []
        clock.lap("load", into: &seconds)
        progress("read and validated \(files.count) files, \(features.count) features")
        guard let account = checked.account, !diagnostics.hasErrors else {
            pass.storeScans(jobs: jobs)
            return (Outcome(diagnostics: diagnostics, output: nil, inputFiles: files.count), nil)
        }
        let cityGroups = checked.cities
        let settings = cache?.settingsDigest(config) ?? []
        // Each city's key, on every core (hashing its features' digests), and whether the cache
        // holds an entry for it (a stat; the entry is read later, see below).
        let brotli = config.writesBrotli
        let keys = parallelMap(count: cityGroups.count, jobs: jobs) { i -> String? in
            cache?.key(for: cityGroups[i], features: features, settings: settings)
        }
        let held = cityGroups.indices.filter { i in keys[i].map { cache?.holds($0) ?? false } ?? false }
        let isHeld = Set(held)
        progress("geometry: \(cityGroups.count - held.count) cities to build, \(held.count) unchanged")
        let folders = cityFolders(cityGroups.map(\.city))
        // A worker with no city left lends its core to the cities still being built.
        let cores = IdleCores()
        let builder = CityBuilder(
            config: config, paths: pass.scans.map(\.path), features: features,
            groups: cityGroups, folders: folders, keepsGeometry: keepsGeometry, cores: cores, spill: spill)
        // Largest cities first (by input positions), so the workers finish together.
        let cityWeight = { (c: Int) in
            cityGroups[c].groups.reduce(0) { $0 + $1.members.reduce(0) { $0 + features[$1].positionCount } }
        }
        let tasks = cityGroups.indices.filter { !isHeld.contains($0) }
            .sorted { (cityWeight($0), $1) > (cityWeight($1), $0) }
        let jobs = jobs
        let config = config
        let buildCities = { (tasks: [Int]) in
            parallelMapWithGEOS(count: tasks.count, jobs: jobs, lending: cores) { context, t in
                Result { () throws(SourceError) in
                    let loaded = try builder.read(city: tasks[t])
                    var done = builder.build(city: tasks[t], in: loaded, context: context)
                    done.result.timings["read", default: 0] += loaded.seconds
                    return done
                }
            }
        }
        let loadHeld = { @Sendable (threads: Int) in
            parallelMap(count: held.count, jobs: threads) { k in
                cache?.load(keys[held[k]] ?? "", brotli: brotli, written: written)
            }
        }
        let makeTable = { @Sendable in StyleExtraction(config: config).table(for: features) }
        // The cache's entries and the style table need only the summaries. With fewer cities
        // to build than workers (a one-city rebuild) they are read and made on the idle cores
        // meanwhile; otherwise the entries first, on every core, and the table after the
        // cities, so its memory does not add to that of the largest cities, built first.
        let (firstBuilds, (loads, table)) =
            tasks.count < jobs
            ? concurrently(
                { buildCities(tasks) },
                {
                    pass.storeScans(jobs: jobs - tasks.count)
                    return (loadHeld(jobs - tasks.count), makeTable())
                })
            : { () -> ([Result<BuiltCity, SourceError>], ([CachedArtifacts?], StyleTable)) in
                pass.storeScans(jobs: jobs)
                let loads = loadHeld(jobs)
                return (buildCities(tasks), (loads, makeTable()))
            }()
        var cached: [Int: CachedArtifacts] = [:]
        for (k, load) in loads.enumerated() { cached[held[k]] = load }
        // An entry that could not be read after all (removed or damaged meanwhile): built now.
        let unreadable = held.filter { cached[$0] == nil }
        let builds = firstBuilds + (unreadable.isEmpty ? [] : buildCities(unreadable))
        let built = try builds.map { try $0.get() }
        var fresh: [Int: BuiltCity] = [:]
        for city in built { fresh[city.index] = city }
        var cityFindings: [Diagnostic] = []
        for i in cityGroups.indices {
            cityFindings += fresh[i]?.result.diagnostics ?? cached[i]?.city.diagnostics.map(\.diagnostic) ?? []
        }
        diagnostics += cityFindings
        clock.lap("geometry", into: &seconds)
        let cities = cityGroups.indices.compactMap { fresh[$0]?.result }
        guard !diagnostics.hasErrors else {
            return (Outcome(diagnostics: diagnostics, output: nil, inputFiles: files.count, cities: cities), nil)
        }

        let points = try PointBuild(config: config, jobs: jobs).run(cache: cache)
        diagnostics += points.diagnostics
        guard !diagnostics.hasErrors else {
            return (Outcome(diagnostics: diagnostics, output: nil, inputFiles: files.count), nil)
        }
        clock.lap("points", into: &seconds)
        progress("writing artifacts")
        let set = ArtifactSet(config: config)
        var outputFiles: [ArtifactFile] = []
        var entries: [Manifest.CityEntry] = []
        var rows: [BuildReport.City] = []
        var contested: [BuildReport.Contested] = []
        var gaps: [GapFinding] = []
        var gapTexts: [BuildReport.GapText?] = []
        var closed: [BuildReport.Closed] = []
        var vanished: [BuildReport.Vanished] = []
        var toStore: [(key: String, city: CachedCity, artifact: [UInt8], brotli: [UInt8]?)] = []
        for (i, city) in cityGroups.enumerated() {
            if let hit = cached[i] {
                outputFiles += hit.files
                entries.append(hit.city.entry)
                rows.append(hit.city.row)
                contested += hit.city.contested
                gaps += hit.city.gaps
                gapTexts.append(hit.city.gapText)
                closed += hit.city.closed
                vanished += hit.city.vanished
                continue
            }
            guard let built = fresh[i] else { continue }
            let result = built.result
            let artifact = try built.artifact.get()
            let row = BuildReport.City(city, result, artifact, features)
            let cityContested = result.contested.map {
                BuildReport.Contested(
                    city: city.city, winner: $0.winner.joined(separator: "/"), loser: $0.loser.joined(separator: "/"),
                    squareMetres: $0.squareMetres)
            }
            let cityClosed = result.closed.map {
                BuildReport.Closed(
                    city: city.city, style: $0.group.joined(separator: "/"), squareMetres: $0.squareMetres)
            }
            let cityVanished = result.vanished.map {
                BuildReport.Vanished(
                    city: city.city, zone: $0.key.joined(separator: "/"), polygons: $0.polygons, reason: $0.reason)
            }
            // Known by the city's cache key, as its cached copy will be.
            outputFiles += artifact.files.map { file in
                var file = file
                file.identity = keys[i].map {
                    CachedArtifacts.identity(of: $0, encoding: file.path == artifact.file.path ? .gzip : .br)
                }
                return file
            }
            entries.append(artifact.entry)
            rows.append(row)
            contested += cityContested
            gaps += result.gaps
            gapTexts.append(built.gapText)
            closed += cityClosed
            vanished += cityVanished
            if cache != nil, let key = keys[i] {
                let entry = CachedCity(
                    entry: artifact.entry, row: row, contested: cityContested, gaps: result.gaps,
                    gapText: built.gapText, closed: cityClosed, vanished: cityVanished,
                    diagnostics: result.diagnostics.map(CachedDiagnostic.init), artifactPath: artifact.file.path)
                toStore.append((key, entry, artifact.file.bytes, artifact.brotli?.bytes))
            }
        }
        // The cache is written (the cities built, then the entries this build did not use
        // removed) on another core while the style table, manifest and report are made.
        let keptCities = Set(keys.compactMap { $0 }).union(points.cacheKeys)
        let keptFiles = pass.cacheKeys
        // The cities' gaps as written when each was built (all, or none of them).
        let texts = gapTexts.compactMap { $0 }
        let reportTexts = texts.count == gapTexts.count ? texts : nil
        let (made, _) = concurrently(
            {
                Result { () throws -> (manifest: Manifest, report: BuildReport) in
                    let styleArtifact = try set.styleTable(table)
                    outputFiles += styleArtifact.files
                    outputFiles += points.files
                    clock.lap("artifacts", into: &seconds)
                    let manifest = Manifest(
                        schema: Manifest.currentSchema, version: Manifest.version(at: now, after: previousVersion),
                        previous: previousVersion, generatedAt: UTCStamp.iso8601(now),
                        source: .init(revision: revision(), configHash: sha256Hex(configBytes)),
                        styles: styleArtifact.entry, cities: entries,
                        priority: config.stylePriority(of: entries.flatMap(\.styles)),
                        points: points.layers.isEmpty ? nil : points.layers)
                    var steps: [String: Double] = [:]
                    for c in fresh.values { steps.merge(c.result.timings, uniquingKeysWith: +) }
                    let report = BuildReport(
                        features: account, cities: rows, total: BuildReport.total(rows), contested: contested,
                        gaps: gaps, closed: closed, vanished: vanished, stageSeconds: seconds, geometrySteps: steps,
                        warnings: diagnostics.count, cachedCities: cached.count, parsedFiles: pass.parsedFiles,
                        points: points.report.isEmpty ? nil : points.report)
                    // With tiles, both are written after the tile stage (``withTiles``).
                    guard config.tiles == nil else { return (manifest, report) }
                    outputFiles.append(ArtifactFile(path: "manifest.json", bytes: try manifest.jsonBytes()))
                    let reportBytes = try report.jsonBytes(jobs: jobs, gapTexts: reportTexts)
                    outputFiles.append(ArtifactFile(path: "report.json", bytes: reportBytes))
                    return (manifest, report)
                }
            },
            { [toStore] in
                guard let cache else { return }
                for e in toStore { cache.store(e.key, city: e.city, artifact: e.artifact, brotli: e.brotli) }
                cache.prune(cities: keptCities, files: keptFiles)
            })
        let (manifest, report) = try made.get()
        return (
            Outcome(
                diagnostics: diagnostics, output: BuildOutput(manifest: manifest, report: report, files: outputFiles),
                inputFiles: files.count, cities: cities,
                workingSet: WorkingSet(pass, checked, features, loads, cached, builder, fresh, toStore, gapTexts, table)
            ),
            reportTexts
        )
    }
}

extension BuildReport.City {
    /// The report row of a city just built.
    init(
        _ city: CityGroups, _ result: CityResult,
        _ artifact: CityArtifact,
        _ features: FeatureSummaries
    ) {
        let inputs = city.groups.flatMap(\.members)
        self.init(
            id: city.city, inputFeatures: inputs.count,
            inputPolygons: result.groups.reduce(0) { $0 + $1.inputPolygons },
            outputFeatures: artifact.entry.features,
            verticesIn: inputs.reduce(0) { $0 + features[$1].positionCount },
            verticesOut: artifact.entry.vertices, bytesAuthored: inputs.reduce(0) { $0 + features[$1].byteCount },
            bytesMinified: artifact.minified, bytesGzip: artifact.entry.encodedBytes,
            bytesBrotli: artifact.entry.brotli?.encodedBytes,
            verticesBeforeSimplify: result.groups.reduce(0) { $0 + $1.verticesBeforeSimplify },
            maxDeviationM: result.groups.map(\.hausdorffM).max() ?? 0)
    }
}
