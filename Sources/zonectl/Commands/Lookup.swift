import ArgumentParser
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
            let request = try LookupRequest(
                directory: try source.store.root, name: source.from, city: city,
                priority: priority.map(LookupRequest.priority), config: configFile.config)
            let badLines = try request.printAnswers(
                position: position.joined(separator: ","), input: input, report: { printError($0) })
            return badLines == 0 ? .success : ExitCode(2)
        }
    }
}
