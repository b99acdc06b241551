import Dispatch
import Foundation
import ZoneFormats
import ZoneGeometry
import ZoneSupport

/// The build's first pass: every zone file read and checked in parallel (or found in the
/// cache), its findings kept, and all features' summaries numbered as one (file order, then
/// source order), with the cross-file rules checked over them.
struct ScanPass {
    /// The files' scans; their features are in `features`, their findings in `diagnostics`.
    var scans: [ScannedFile]
    var features: FeatureSummaries
    /// Files parsed (the others came from the cache), and the cache entries used.
    var parsedFiles: Int
    var cacheKeys: Set<String>
    /// Parsed files' scans not yet in the cache (``FileScanner/defersStores``): the build
    /// stores them when a core is free (``storeScans(jobs:)``).
    var unstored: [(key: String, file: ScannedFile)] = []
    /// All findings, ordered by file, line and column.
    var diagnostics: [Diagnostic]
    /// The features' cities and groups (``Grouping``), meaningless when a finding is an error.
    var cities: [CityGroups]

    let cache: BuildCache?

    init(
        files: [String], config: PipelineConfig, cache: BuildCache?, now: Date, jobs: Int, spill: GeometrySpill? = nil
    ) throws(SourceError) {
        self.cache = cache
        let scanner = FileScanner(config: config, cache: cache, now: now, spill: spill, defersStores: true)
        // Each file's stamp and the digest the cache holds for it (a stat and a small read),
        // on every core.
        let known = parallelMap(count: files.count, jobs: jobs) { scanner.known(files[$0]) }
        // Costliest files first (files to parse before scans to decode, then by size), so both
        // workers finish together.
        var results = parallelMapWithGEOS(count: files.count, jobs: jobs, weights: known.map(\.cost)) { context, i in
            Result { () throws(SourceError) in try scanner.scan(files[i], known: known[i], context: context) }
        }
        var read: [FileScanner.Scan] = []
        read.reserveCapacity(results.count)
        for result in results { read.append(try result.get()) }
        // Each scan's arrays now have one owner: its summaries are kept where they are, its
        // findings moved (not copied) into one array.
        results = []
        parsedFiles = read.reduce(0) { $0 + ($1.parsed ? 1 : 0) }
        unstored = read.compactMap(\.unstored)
        for i in read.indices { read[i].unstored = nil }
        cacheKeys = Set(read.flatMap(\.cacheKeys))
        var parts: [[FeatureSummary]] = []
        parts.reserveCapacity(read.count)
        for i in read.indices {
            parts.append(read[i].file.features)
            read[i].file.features = []
        }
        features = FeatureSummaries(parts)
        // Room for the findings still to come (the rules', the cities'), so adding them copies
        // none of these (a new array of every finding, with its page faults, per addition); room
        // not used is never touched.
        let scanFindings = read.reduce(0) { $0 + $1.file.diagnostics.count }
        var found = moveConcatenating(
            &read, \.file.diagnostics, placeholder: .placeholder, jobs: jobs, extraCapacity: scanFindings / 2 + 1024)
        scans = read.map(\.file)
        // The cross-file rules and the cities' groups, at the same time (the groups are
        // dropped when a finding is an error).
        let all = features
        (diagnostics, cities) = concurrently(
            {
                found += PipelineRules(config: config).check(all)
                return FileCheck.ordered(found, files: files)
            }, { Grouping.group(all, by: config.groupBy) })
    }
}

extension ScanPass {
    /// Stores the parsed files' scans in the cache (``unstored``), on `jobs` threads.
    func storeScans(jobs: Int) {
        guard let cache, !unstored.isEmpty else { return }
        let unstored = unstored
        _ = parallelMap(count: unstored.count, jobs: jobs) { i in cache.storeScan(unstored[i].key, unstored[i].file) }
    }
}

/// The elements of `parts[i][keyPath: part]`, all of them, in one array of exactly their
/// count (with room for `extraCapacity` more); each part is left empty. Elements are moved,
/// not copied: a copy retains, and a release follows, every reference an element holds
/// (every summary and finding of the build). What remains is mostly
/// the new array's page faults, taken on `jobs` threads, each moving a run of parts of about
/// equal element count.
func moveConcatenating<Part, Element>(
    _ parts: inout [Part], _ part: WritableKeyPath<Part, [Element]>, placeholder: Element, jobs: Int,
    extraCapacity: Int = 0
) -> [Element] {
    var starts = [0]
    for p in parts { starts.append(starts[starts.count - 1] + p[keyPath: part].count) }
    let total = starts[starts.count - 1]
    // Runs of parts: run r holds the parts starting before total * (r + 1) / runs elements.
    let runs = max(1, min(jobs, parts.count, total / 4096))
    var firstPart = [0]
    for r in 1..<runs + 1 {
        let end = r == runs ? parts.count : starts.firstIndex { $0 >= total * r / runs } ?? parts.count
        firstPart.append(max(firstPart[firstPart.count - 1], min(end, parts.count)))
    }
    let runStarts = firstPart
    return [Element](unsafeUninitializedCapacity: total + extraCapacity) { buffer, count in
        parts.withUnsafeMutableBufferPointer { partsBuffer in
            let move = PartMove(parts: partsBuffer, part: part, to: buffer, starts: starts, placeholder: placeholder)
            DispatchQueue.concurrentPerform(iterations: runs) { r in
                for i in runStarts[r]..<runStarts[r + 1] { move(i) }
            }
        }
        count = total
    }
}

/// One part's elements moved to their place in the joined array, from any thread: each part
/// and each destination slot is touched by one thread only.
private final class PartMove<Part, Element>: @unchecked Sendable {
    let parts: UnsafeMutableBufferPointer<Part>
    let part: WritableKeyPath<Part, [Element]>
    let target: UnsafeMutableBufferPointer<Element>
    let starts: [Int]
    let placeholder: Element

    init(
        parts: UnsafeMutableBufferPointer<Part>, part: WritableKeyPath<Part, [Element]>,
        to target: UnsafeMutableBufferPointer<Element>, starts: [Int], placeholder: Element
    ) {
        (self.parts, self.part, self.target, self.starts, self.placeholder) = (parts, part, target, starts, placeholder)
    }

    func callAsFunction(_ i: Int) {
        parts[i][keyPath: part].withUnsafeMutableBufferPointer { source in
            guard let from = source.baseAddress, let to = target.baseAddress else { return }
            (to + starts[i]).moveInitialize(from: from, count: source.count)
            // The moved-from slots hold a value without references, released for nothing.
            from.initialize(repeating: placeholder, count: source.count)
        }
        parts[i][keyPath: part] = []
    }
}

extension FeatureSummary {
    /// A summary holding no reference, for storage whose summary was moved away.
    static let placeholder = FeatureSummary(
        id: nil, properties: JSONObject(), location: SourceLocation(file: "", line: 0, column: 0), hasGeometry: false,
        isValid: false, positionCount: 0, offset: 0, byteCount: 0, checksum: 0, digest: .zero)
}

extension Diagnostic {
    /// A finding holding no reference, for storage whose finding was moved away.
    static let placeholder = Diagnostic(.warning, SourceLocation(file: "", line: 0, column: 0), "")
}
