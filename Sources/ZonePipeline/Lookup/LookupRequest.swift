import ZoneClientCore
import ZoneFormats

/// `zonectl lookup` as a library call: the city and zone style covering positions, answered by
/// ZoneClientCore's `ZoneLookup` over a store or client cache, one JSON object a line.
public struct LookupRequest {
    public let lookup: ZoneLookup
    /// The store's directory.
    public var directory: String
    /// The store as the user named it, for messages.
    public var name: String
    /// Look up in this city only.
    public var city: String?

    /// Reads the store's manifest. `priority` wins over the manifest's, and pipeline.yml's
    /// `overlaps.priority` serves a manifest without one.
    public init(directory: String, name: String, city: String?, priority: [String]?, config: PipelineConfig)
        throws(LookupError)
    {
        var fallback: [String] = []
        if case .priority(let order) = config.overlaps { fallback = order }
        do {
            lookup = try ZoneLookup(
                store: DirectoryStore(root: directory), priority: priority, fallbackPriority: fallback)
        } catch {
            throw LookupError("\(name): \(error)")
        }
        if let city, lookup.manifest.city(city) == nil {
            throw LookupError("\(name): no city \(Self.quoted(city)) in the manifest")
        }
        (self.directory, self.name, self.city) = (directory, name, city)
    }

    /// The answer line of `text`, a position `lon,lat` or `lon lat`.
    public func answer(_ text: String) throws(LookupError) -> String {
        let point: (lon: Double, lat: Double)
        do { point = try parsePosition(text) } catch { throw LookupError("LON LAT: \(error)") }
        return try answer(point.lon, point.lat)
    }

    /// Answers each `lon,lat` line of `input` (split at LF, a CR before it dropped; blank lines
    /// and `#` comments skipped) through `write`; a line that is not a position is reported
    /// through `report` with its number (`name:line: error: …`). Returns the number of such lines.
    public func answer(
        lines input: [UInt8], named inputName: String, write: (String) -> Void, report: (String) -> Void
    ) throws(LookupError) -> Int {
        var badLines = 0
        for (number, line) in input.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let text = trimmingSpaces(String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self))
            if text.isEmpty || text.hasPrefix("#") { continue }
            let point: (lon: Double, lat: Double)
            do { point = try parsePosition(text) } catch {
                report("\(inputName):\(number + 1): error: \(error)")
                badLines += 1
                continue
            }
            write(try answer(point.lon, point.lat))
        }
        return badLines
    }

    private func answer(_ lon: Double, _ lat: Double) throws(LookupError) -> String {
        let found: ZoneLookup.Answer
        do {
            found = try lookup.lookup(longitude: lon, latitude: lat, city: city)
        } catch {
            throw LookupError("\(name): \(error)\(repairHint(error))")
        }
        let (city, style) = (found.city.map(Self.quoted) ?? "null", found.style.map(Self.quoted) ?? "null")
        return "{\"lon\":\(lon),\"lat\":\(lat),\"city\":\(city),\"style\":\(style)}\n"
    }

    /// For an object missing or damaged in a sync's cache: what repairs it.
    private func repairHint(_ error: ZoneClientError) -> String {
        switch error {
        case .missing(let key), .corrupt(let key, _):
            guard key != "manifest.json", ZoneSync.isCache(directory) else { return "" }
            return "; the cache is damaged: zonectl sync --from STORE --out \(name) repairs it"
        default: return ""
        }
    }

    /// `s` as a JSON string literal, control characters (C0, DEL, C1) escaped: a terminal reads the lines.
    static func quoted(_ s: String) -> String { jsonQuoted(s, escapingDELAndC1: true) }
}

/// `text` without leading and trailing spaces, tabs and carriage returns.
func trimmingSpaces(_ text: String) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
}

/// A bad input line or an unreadable store: a runtime failure, exit 2.
public struct LookupError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
