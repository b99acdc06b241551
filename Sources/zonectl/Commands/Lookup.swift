import ArgumentParser
import ZoneClientCore
import ZonePipeline

extension Zonectl {
    /// `zonectl lookup`: which zone (style) covers each position, as a client answers it.
    struct Lookup: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "lookup",
            abstract: "Print the city and zone style covering each position (one JSON object a line).",
            discussion: """
                Positions come as LON LAT, or as `lon,lat` lines of --input (- for stdin; LF or CRLF; blank \
                lines and lines starting with # are skipped; each line that is not two decimal numbers in range \
                is reported with its number, the others are answered). A position on a border is inside; on a border \
                two zones share, the higher-priority style wins (--priority, else the manifest's priority, \
                else overlaps.priority of pipeline.yml), then the style name that sorts first. Without --city, the city is the \
                first in the manifest whose box holds the position and whose zones cover it, else the \
                first whose box holds it. Exit 0, or 2 (unreadable store, bad input line).
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var source: StoreSourceOptions

        @Option(help: "Look up in this city only.")
        var city: String?

        @Option(help: "A file of `lon,lat` lines (- for stdin).")
        var input: String?

        @Option(help: "Style names, highest priority first, comma-separated (default: the manifest's priority).")
        var priority: String?

        @Argument(parsing: .allUnrecognized, help: "LON LAT (instead of --input); negative values as is: -73.9 40.7.")
        var position: [String] = []

        func validate() throws {
            if input == nil, position.count != 2 { throw ValidationError("give LON LAT, or --input FILE") }
            if input != nil, !position.isEmpty { throw ValidationError("give LON LAT or --input FILE, not both") }
        }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let lookup: ZoneLookup
            do {
                lookup = try ZoneLookup(
                    store: try source.store, priority: explicitPriority,
                    fallbackPriority: configuredPriority(configFile.config))
            } catch {
                throw LookupError("\(source.from): \(error)")
            }
            if let city, lookup.manifest.city(city) == nil {
                throw LookupError("\(source.from): no city \(jsonString(city)) in the manifest")
            }
            var out = OutputBuffer()
            defer { out.flush() }  // the lines before an error are printed too
            guard input != nil else {
                let point: (lon: Double, lat: Double)
                do { point = try parsePosition(position.joined(separator: ",")) } catch {
                    throw LookupError("LON LAT: \(error)")
                }
                try answer(lookup, point.lon, point.lat, into: &out)
                return .success
            }
            let name = input == "-" ? "stdin" : input!
            var badLines = 0
            for (number, line) in try readLines().enumerated() {
                let text = line.trimmingSpaces
                if text.isEmpty || text.hasPrefix("#") { continue }
                let point: (lon: Double, lat: Double)
                do { point = try parsePosition(text) } catch {
                    printError("\(name):\(number + 1): error: \(error)")
                    badLines += 1
                    continue
                }
                try answer(lookup, point.lon, point.lat, into: &out)
            }
            return badLines == 0 ? .success : ExitCode(2)
        }

        private func answer(_ lookup: ZoneLookup, _ lon: Double, _ lat: Double, into out: inout OutputBuffer) throws {
            let found: ZoneLookup.Answer
            do {
                found = try lookup.lookup(longitude: lon, latitude: lat, city: city)
            } catch {
                throw LookupError("\(source.from): \(error)\(repairHint(error))")
            }
            out.append(
                "{\"lon\":\(lon),\"lat\":\(lat),\"city\":\(found.city.map(jsonString) ?? "null"),\"style\":\(found.style.map(jsonString) ?? "null")}\n"
            )
        }

        /// `--priority`, which wins over the store's published priority.
        private var explicitPriority: [String]? {
            priority.map { $0.split(separator: ",").map { String($0).trimmingSpaces } }
        }

        /// pipeline.yml's priority: used when the store publishes none.
        private func configuredPriority(_ config: PipelineConfig) -> [String] {
            if case .priority(let order) = config.overlaps { return order }
            return []
        }

        /// For an object missing or damaged in a sync's cache: what repairs it.
        private func repairHint(_ error: ZoneClientError) -> String {
            switch error {
            case .missing(let key), .corrupt(let key, _):
                guard key != "manifest.json", ZoneSync.isCache(source.from) else { return "" }
                return "; the cache is damaged: zonectl sync --from STORE --out \(source.from) repairs it"
            default: return ""
            }
        }

        /// The lines of --input, split at LF, each without a CR before it.
        private func readLines() throws -> [String] {
            let bytes: [UInt8]
            if input == "-" {
                bytes = readStandardInput()
            } else {
                guard let data = FileManagerShim.contents(input!) else { throw LookupError("\(input!): cannot read") }
                bytes = data
            }
            return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
                String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            }
        }
    }
}

/// `lon,lat` (or `lon lat`) as two decimal numbers in range (no hex, `inf` or `nan`); the
/// error says what is wrong, quoting at most 80 characters of `text`.
func parsePosition(_ text: some StringProtocol) throws(LookupError) -> (Double, Double) {
    let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
    guard parts.count == 2, let lon = decimal(parts[0]), let lat = decimal(parts[1]) else {
        let shown = text.count > 80 ? String(text.prefix(80)) + "…" : String(text)
        throw LookupError("expected `lon,lat` (two decimal numbers), got \(jsonString(shown))")
    }
    guard (-180...180).contains(lon), (-90...90).contains(lat) else {
        throw LookupError("\(lon),\(lat) is not a longitude in [-180, 180] and a latitude in [-90, 90]")
    }
    return (lon, lat)
}

/// `text` as a decimal number (digits, sign, point, exponent), nil for any other form.
private func decimal(_ text: some StringProtocol) -> Double? {
    guard text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
        text.utf8.allSatisfy({
            ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x65 || $0 == 0x45
        })
    else { return nil }
    return Double(text)
}

/// A bad input line or an unreadable store: a runtime failure, exit 2.
struct LookupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
