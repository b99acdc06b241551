import Foundation
import ZoneFormats
import ZoneGeometry

/// The gap report as text (docs/ARCHITECTURE.md, "Gaps between zones"): one line per city with
/// gaps or closed area, and with `verbose` one line per gap.
public struct GapLines {
    public let gaps: [GapFinding]
    public let closed: [BuildReport.Closed]
    public let config: GapsConfig

    public init(gaps: [GapFinding], closed: [BuildReport.Closed], config: GapsConfig) {
        (self.gaps, self.closed, self.config) = (gaps, closed, config)
    }

    public func lines(verbose: Bool) -> [String] {
        // Cities in the order first named; one pass over the findings (a large corpus has thousands).
        var cities: [String] = []
        var foundIn: [String: [GapFinding]] = [:]
        var shutIn: [String: [BuildReport.Closed]] = [:]
        for g in gaps {
            if foundIn[g.city] == nil && shutIn[g.city] == nil { cities.append(g.city) }
            foundIn[g.city, default: []].append(g)
        }
        for c in closed {
            if foundIn[c.city] == nil && shutIn[c.city] == nil { cities.append(c.city) }
            shutIn[c.city, default: []].append(c)
        }
        var out: [String] = []
        for city in cities {
            let found = foundIn[city] ?? []
            let shut = shutIn[city] ?? []
            var parts: [String] = []
            if !found.isEmpty {
                parts.append(
                    "\(plural(found.count, "gap")) narrower than \(number(config.reportM)) m between zones, "
                        + "\(squareMetres(found.reduce(0) { $0 + $1.squareMetres }))")
            }
            if !shut.isEmpty {
                parts.append(
                    "closed (close_m \(number(config.closeM))): "
                        + shut.map { "\($0.style) +\(squareMetres($0.squareMetres))" }.joined(separator: ", "))
            }
            out.append("gaps: \(city): " + parts.joined(separator: "; "))
            if verbose { out += found.map { "  " + Self.describe($0) } }
        }
        if !verbose && !gaps.isEmpty { out.append("each gap with --verbose or --format json") }
        return out
    }

    /// One gap: its features, styles, widths, length, area and position.
    public static func describe(_ g: GapFinding) -> String {
        let width =
            abs(g.maxWidthM - g.minWidthM) < 0.05
            ? "\(number(g.maxWidthM)) m" : "\(number(g.minWidthM))–\(number(g.maxWidthM)) m"
        return "\(g.features.joined(separator: " | ")): gap \(width) wide, \(number(g.lengthM)) m long, "
            + "\(squareMetres(g.squareMetres)) at \(String(format: "%.6f,%.6f", g.lon, g.lat)) "
            + "(\(g.styles.joined(separator: " | ")))"
            + (g.closedInto.isEmpty ? "" : "; closed into \(g.closedInto.joined(separator: ", "))")
    }

    /// The gap as a warning at its first feature's position (for JSON and GitHub output).
    public static func diagnostic(_ g: GapFinding) -> Diagnostic {
        let at = g.features.first ?? ""
        let fields = at.split(separator: ":", omittingEmptySubsequences: false)
        let location =
            fields.count >= 3
            ? SourceLocation(
                file: fields.dropLast(2).joined(separator: ":"), line: Int(fields[fields.count - 2]) ?? 1,
                column: Int(fields[fields.count - 1]) ?? 1)
            : SourceLocation(file: at, line: 1, column: 1)
        return .warning(location, describe(g))
    }

    private func squareMetres(_ m2: Double) -> String { Self.squareMetres(m2) }
    static func squareMetres(_ m2: Double) -> String { "\(number(m2)) m²" }
}

/// A measurement with at most one decimal (two under 10).
private func number(_ v: Double) -> String {
    decimal(v, digits: v < 10 ? 2 : v < 1000 ? 1 : 0)
}
