import ZoneClientCore
import ZonePipeline

/// What `zonectl sync` prints of a ``SyncReport``: `--format json` encodes this, text is ``text``.
public struct SyncSummary: Encodable {
    /// `updated`, `repaired` or `current`.
    public var status: String
    public var from: String?
    public var to: String?
    public var fetched: [String]
    public var removed: [String]
    public var repaired: [SyncRepair]
    public var bytesFetched: Int

    public init(_ report: SyncReport) {
        // "current" only when nothing was fetched: a run that fetched objects of the cached
        // version again repaired the cache.
        status =
            report.updated
            ? "updated" : !report.repaired.isEmpty ? "repaired" : report.fetched.isEmpty ? "current" : "updated"
        (from, to, fetched, removed, repaired, bytesFetched) =
            (report.from, report.to, report.fetched, report.removed, report.repaired, report.bytesFetched)
    }

    public var text: String {
        switch status {
        case "current": return "already current at version \(to ?? "none")"
        case "repaired": return "\(repairs) at version \(to ?? "none"), \(bytesFetched) bytes"
        default:
            return "updated \(from ?? "(empty)") -> \(to ?? "none"): \(plural(fetched.count, "object")) fetched, "
                + "\(plural(removed.count, "object")) removed, \(bytesFetched) bytes"
                + (repaired.isEmpty ? "" : "; \(repairs)")
        }
    }

    /// `repaired 2 objects (1 missing, 1 wrong size)`.
    private var repairs: String {
        let counts = CacheDamage.allCases.compactMap { damage in
            let n = repaired.count { $0.damage == damage }
            return n == 0 ? nil : "\(n) \(damage.rawValue)"
        }
        return "repaired \(plural(repaired.count, "object")) (\(counts.joined(separator: ", ")))"
    }
}
