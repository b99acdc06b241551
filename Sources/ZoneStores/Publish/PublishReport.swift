import ZonePipeline

/// What `zonectl publish` prints: `--format json` encodes this, text is ``lines``. `requests`
/// and `retries` (by HTTP method) only for stores reached over HTTP.
public enum PublishReport: Encodable {
    /// `--dry-run`: what would be uploaded.
    case plan(Plan)
    /// What was published; `retentionWarning` says why old versions were not removed.
    case published(Result, retentionWarning: String?)

    public struct Plan: Encodable {
        var upToDate: Bool
        var target: String
        var uploads: [String]
        var sizes: [Int]
        /// Null when the target serves nothing yet.
        var remoteVersion: String?
        var counts: StoreRequestCounts?

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(true, forKey: .dryRun)
            try c.encode(upToDate, forKey: .upToDate)
            try c.encode(target, forKey: .target)
            try c.encode(uploads, forKey: .uploads)
            try c.encode(sizes.reduce(0, +), forKey: .bytes)
            try c.encode(remoteVersion, forKey: .remoteVersion)  // null, not absent
            try c.encodeIfPresent(counts?.sent, forKey: .requests)
            try c.encodeIfPresent(counts?.retries, forKey: .retries)
        }

        enum CodingKeys: String, CodingKey {
            case dryRun, upToDate, target, uploads, bytes, remoteVersion, requests, retries
        }
    }

    public struct Result: Encodable {
        var upToDate: Bool
        var target: String
        var version: String
        var written: [String]
        var alreadyThere: [String]
        var bytesWritten: Int
        var deleted: [String]
        var counts: StoreRequestCounts?

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(upToDate, forKey: .upToDate)
            try c.encode(target, forKey: .target)
            try c.encode(version, forKey: .version)
            try c.encode(written, forKey: .written)
            try c.encode(alreadyThere, forKey: .alreadyThere)
            try c.encode(bytesWritten, forKey: .bytesWritten)
            try c.encode(deleted, forKey: .deleted)
            try c.encodeIfPresent(counts?.sent, forKey: .requests)
            try c.encodeIfPresent(counts?.retries, forKey: .retries)
        }

        enum CodingKeys: String, CodingKey {
            case upToDate, target, version, written, alreadyThere, bytesWritten, deleted, requests, retries
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .plan(let plan): try plan.encode(to: encoder)
        case .published(let result, _): try result.encode(to: encoder)
        }
    }

    public var retentionWarning: String? {
        if case .published(_, let warning) = self { return warning }
        return nil
    }

    /// The text output, a line each.
    public var lines: [String] {
        var lines: [String]
        let counts: StoreRequestCounts?
        switch self {
        case .plan(let plan):
            counts = plan.counts
            if plan.upToDate {
                lines = ["up to date: \(plan.target) already serves version \(plan.remoteVersion ?? "?")"]
            } else {
                lines = [
                    "would upload \(plural(plan.uploads.count, "object")), \(plan.sizes.reduce(0, +)) bytes, then manifests/<version>.json and manifest.json to \(plan.target)"
                ]
                lines += zip(plan.uploads, plan.sizes).map { "  \($0)  \($1) bytes" }
            }
        case .published(let result, _):
            counts = result.counts
            let target = result.target
            if result.upToDate {
                lines = ["up to date: \(target) already serves version \(result.version)"]
            } else {
                lines = [
                    "published version \(result.version) to \(target): \(plural(result.written.count, "object")) written, \(result.bytesWritten) bytes"
                        + (result.alreadyThere.isEmpty ? "" : ", \(result.alreadyThere.count) already there")
                        + (result.deleted.isEmpty ? "" : ", \(result.deleted.count) removed by retention"),
                    "manifest: \(target.hasSuffix("/") ? target : target + "/")manifest.json",
                ]
            }
        }
        if let counts { lines.append("requests: \(counts.summary)") }
        return lines
    }
}
