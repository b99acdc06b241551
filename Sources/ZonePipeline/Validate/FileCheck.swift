import Foundation
import ZoneFormats
import ZoneGeometry

/// One zone file's text, checked as `zonectl validate` and the build's scan check a file.
package struct CheckedText: Sendable {
    /// Its features; their properties limited to the keys the pipeline reads.
    package var features: [Feature]
    /// Findings, ordered by line and column.
    package var diagnostics: [Diagnostic]
}

/// The per-file checks of the Validate stage: read, RFC 7946 structure, GEOS validity. The
/// build's scan (`Build/FileScanner.swift`) runs them on every file; the cross-file rules
/// (`PipelineRules`) run on the scan's summaries.
package enum FileCheck {
    /// One file's text, checked as the build's scan checks a file: read, structure rules, GEOS
    /// validity (of the antimeridian-split form), then the pipeline rules; findings ordered by
    /// line and column. Package access: the fuzz harness (Sources/FuzzHarness) calls it, in
    /// release builds where `@testable import` is not available.
    package static func check(_ text: SourceText, config: PipelineConfig, context: GEOSContext) -> CheckedText {
        let (features, diagnostics) = check(
            text, repair: config.repair, interpolation: config.antimeridian.interpolation,
            keeping: config.propertiesRead, styleKeys: config.styleKeys, context: context)
        let all = ordered(diagnostics + PipelineRules(config: config).check(features), files: [text.path])
        return CheckedText(features: features, diagnostics: all)
    }

    /// Findings ordered by file (in reading order), line and column; stable otherwise.
    static func ordered(_ diagnostics: [Diagnostic], files: [String]) -> [Diagnostic] {
        let order = Dictionary(files.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        // A file's findings come together: its place is looked up once per run of them.
        var file: String?
        var place = -1
        func key(_ i: Int) -> (Int, Int, Int, Int) {
            let location = diagnostics[i].location
            if location.file != file {
                file = location.file
                place = order[location.file] ?? -1
            }
            return (place, location.line, location.column, i)
        }
        // Usually in order already (each file's findings ordered by the scan, files in order):
        // then neither keys nor a copy are made (a large corpus has 75,000 findings).
        var previous: (Int, Int, Int, Int)?
        let isOrdered = diagnostics.indices.allSatisfy { i in
            let k = key(i)
            defer { previous = k }
            return previous.map { $0 < k } ?? true
        }
        if isOrdered { return diagnostics }
        file = nil
        return diagnostics.indices.map(key).sorted { $0 < $1 }.map { diagnostics[$0.3] }
    }

    /// Reads and checks one file's text: structure rules, then GEOS validity of sound features.
    /// With `usedKeys`, properties are trimmed to those keys and equal property sets share one
    /// copy (much of the memory of a large corpus went to names and ids that never reach an
    /// artifact, and the same city/style/stroke set repeated on every feature).
    static func check(
        _ text: SourceText, repair: Bool, interpolation: AntimeridianConfig.Interpolation,
        keeping usedKeys: Set<String>?, styleKeys: [String] = PipelineConfig.simplestyleKeys, context: GEOSContext
    ) -> (features: [Feature], diagnostics: [Diagnostic]) {
        var features: [Feature] = []
        let diagnostics = check(
            text, repair: repair, interpolation: interpolation, keeping: usedKeys, styleKeys: styleKeys,
            context: context
        ) { features.append($0) }
        return (features, diagnostics)
    }

    /// As above, handing each feature to `each` once checked (its validity set), in source
    /// order, instead of keeping them; returns the findings ordered by line and column (the
    /// scan's cache keeps them so, and the build's merge of every file's findings then has
    /// nothing to sort). The scan keeps only a summary of each feature, so a file's coordinates
    /// are never all held at once.
    /// Style values are checked for `styleKeys` (``StyleValueCheck``).
    static func check(
        _ text: SourceText, repair: Bool, interpolation: AntimeridianConfig.Interpolation,
        keeping usedKeys: Set<String>?, styleKeys: [String] = PipelineConfig.simplestyleKeys, context: GEOSContext,
        each: @escaping (Feature) -> Void
    ) -> [Diagnostic] {
        let structure = StructureRules(text: text)
        let validity = GeometryValidityRule(text: text, repair: repair, interpolation: interpolation)
        var styleValues = StyleValueCheck(text: text, styleKeys: styleKeys)
        var found: [Diagnostic] = []
        let read = GeoJSONReader.read(text, keeping: usedKeys) { feature in
            var feature = feature
            let (problems, sound) = structure.check(feature)
            found += problems
            styleValues.check(feature)
            if sound, let problem = validity.check(feature, context: context) {
                found.append(problem)
                feature.isValid = false
            }
            each(feature)
        }
        return ordered(read + found + styleValues.diagnostics, files: [text.path])
    }
}

extension PipelineConfig {
    /// The feature properties a build reads (`group_by`, `keep`, the style property and style
    /// keys); loading keeps only these.
    var propertiesRead: Set<String> { Set(groupBy + keep + [styles.property] + styleKeys) }
}
