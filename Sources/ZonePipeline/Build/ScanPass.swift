import Foundation

/// The build's first pass: every zone file read and checked in parallel (or found in the
/// cache), its findings kept, and all features' summaries put in one numbering (file order,
/// then source order), with the cross-file rules checked over them.
struct ScanPass {
    /// The files' scans; their features are moved to `features`.
    var scans: [ScannedFile]
    var features: [FeatureSummary]
    /// The file of each feature.
    var fileOf: [Int32]
    /// Files parsed (the others came from the cache), and the cache entries used.
    var parsedFiles: Int
    var cacheKeys: Set<String>
    /// All findings, ordered by file, line and column.
    var diagnostics: [Diagnostic]

    init(files: [String], config: PipelineConfig, cache: BuildCache?, now: Date, jobs: Int) throws(SourceError) {
        let scanner = FileScanner(config: config, cache: cache, now: now)
        // Largest files first, so both workers finish together.
        let sizes = files.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
        let results = parallelMapWithGEOS(count: files.count, jobs: jobs, weights: sizes) { context, i in
            Result { () throws(SourceError) in try scanner.scan(files[i], context: context) }
        }
        scans = []
        features = []
        fileOf = []
        parsedFiles = 0
        cacheKeys = []
        // Arrays made at their final size: they live as long as the build (growing them by
        // appending left up to half again as much unused, 7 MB on the benchmark corpus).
        var featureTotal = 0
        var findingTotal = 0
        for result in results {
            let (scan, _, _) = try result.get()
            featureTotal += scan.features.count
            findingTotal += scan.diagnostics.count
        }
        features.reserveCapacity(featureTotal)
        fileOf.reserveCapacity(featureTotal)
        var found: [Diagnostic] = []
        found.reserveCapacity(findingTotal)
        for (i, result) in results.enumerated() {
            let (read, keys, parsed) = try result.get()
            var scan = read
            features += scan.features
            fileOf += repeatElement(Int32(i), count: scan.features.count)
            found += scan.diagnostics
            // The build reads a scan's path; its features and findings are here.
            scan.features = []
            scan.diagnostics = []
            scans.append(scan)
            parsedFiles += parsed ? 1 : 0
            cacheKeys.formUnion(keys)
        }
        diagnostics = FileCheck.ordered(found + PipelineRules(config: config).check(features), files: files)
    }
}
