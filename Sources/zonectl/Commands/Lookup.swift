import ArgumentParser
import ZoneClient
import ZonePipeline

extension Zonectl {
    /// `zonectl lookup`: which zone (style) covers each position, as a client answers it.
    struct Lookup: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "lookup",
            abstract: "Print the city and zone style covering each position (one JSON object a line).",
            discussion: """
                Positions come as LON LAT, or as `lon,lat` lines of --input (- for stdin; blank lines \
                and lines starting with # are skipped). A position on a border is inside; on a border \
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
            if input == nil {
                let (lon, lat) = try parsePosition(position.joined(separator: ","), at: "LON LAT")
                try answer(lookup, lon, lat, into: &out)
            } else {
                let name = input == "-" ? "stdin" : input!
                for (number, line) in try readLines().enumerated() {
                    let text = line.trimmingSpaces
                    if text.isEmpty || text.hasPrefix("#") { continue }
                    let (lon, lat) = try parsePosition(text, at: "\(name):\(number + 1)")
                    try answer(lookup, lon, lat, into: &out)
                }
            }
            return .success
        }

        private func answer(_ lookup: ZoneLookup, _ lon: Double, _ lat: Double, into out: inout OutputBuffer) throws {
            let found: ZoneLookup.Answer
            do {
                found = try lookup.lookup(longitude: lon, latitude: lat, city: city)
            } catch {
                throw LookupError("\(source.from): \(error)")
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

        private func readLines() throws -> [Substring] {
            let bytes: [UInt8]
            if input == "-" {
                bytes = readStandardInput()
            } else {
                guard let data = FileManagerShim.contents(input!) else { throw LookupError("\(input!): cannot read") }
                bytes = data
            }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
    }
}

/// `lon,lat` (or `lon lat`) as two finite numbers in range; the error names `place`.
func parsePosition(_ text: some StringProtocol, at place: String) throws -> (Double, Double) {
    let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\r" })
    guard parts.count == 2, let lon = Double(parts[0]), let lat = Double(parts[1]), lon.isFinite, lat.isFinite else {
        throw LookupError("\(place): expected `lon,lat`, got \(jsonString(String(text)))")
    }
    guard (-180...180).contains(lon), (-90...90).contains(lat) else {
        throw LookupError("\(place): \(lon),\(lat) is not a longitude in [-180, 180] and a latitude in [-90, 90]")
    }
    return (lon, lat)
}

/// A bad input line or an unreadable store: a runtime failure, exit 2.
struct LookupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
