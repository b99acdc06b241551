import Foundation

extension LookupRequest {
    /// `--priority`: style names, comma-separated, without the spaces around each.
    public static func priority(_ text: String) -> [String] {
        text.split(separator: ",").map { trimmingSpaces(String($0)) }
    }

    /// Prints the answers on stdout, in large blocks: that of `position` (`lon,lat`), or with
    /// `input` (a file, - for stdin) those of its lines (``answer(lines:named:write:report:)``).
    /// The lines before an error are printed too. Returns the number of bad input lines.
    public func printAnswers(position: String, input: String?, report: (String) -> Void) throws(LookupError) -> Int {
        var out = OutputBuffer()
        defer { out.flush() }
        guard let input else {
            out.append(try answer(position))
            return 0
        }
        let bytes: [UInt8]? =
            input == "-"
            ? [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            : FileManager.default.contents(atPath: input).map { [UInt8]($0) }
        guard let bytes else { throw LookupError("\(input): cannot read") }
        return try answer(
            lines: bytes, named: input == "-" ? "stdin" : input, write: { out.append($0) }, report: report)
    }
}
