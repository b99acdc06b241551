import ZoneFormats

/// Features and findings read from one GeoJSON file.
public struct ReadResult: Sendable {
    public var features: [Feature]
    public var diagnostics: [Diagnostic]
}

/// Reads GeoJSON (RFC 7946) zone files: a FeatureCollection, a Feature or a bare geometry.
///
/// Strict: invalid JSON (RFC 8259), invalid UTF-8, duplicate keys, NaN/Infinity, wrongly shaped
/// coordinates, unknown types and missing members are reported with file:line:col. A syntax
/// error ends the file; structural problems are reported and reading goes on.
public enum GeoJSONReader {
    /// Reads every feature of `text`. Features whose geometry could not be read have `geometry == nil`.
    /// With `keeping`, properties are limited to those keys, and equal sets share one copy.
    public static func read(_ text: SourceText, keeping: Set<String>? = nil) -> ReadResult {
        var features: [Feature] = []
        let diagnostics = read(text, keeping: keeping) { features.append($0) }
        return ReadResult(features: features, diagnostics: diagnostics)
    }

    /// Reads `text`, handing each feature to `each` as soon as it is read, in source order,
    /// and returns the findings: a caller that keeps only what it needs of each feature never
    /// holds a file's features at once. A mapped text's pages are given back behind the
    /// feature being handed over.
    static func read(_ text: SourceText, keeping: Set<String>? = nil, each: @escaping (Feature) -> Void)
        -> [Diagnostic]
    {
        text.bytes.withUnsafeBufferPointer { buf in
            var parser = GeoJSONParser(buf)
            parser.keeping = keeping
            parser.sink = { f in
                // Located first: on a single-line file that reads the bytes since the last
                // feature, which must not be read back in once given back.
                let location = text.location(ofByte: f.offset)
                text.release(upTo: f.offset)
                each(
                    Feature(
                        id: f.id, properties: f.properties, geometry: f.geometry, location: location,
                        offset: f.offset, ringOffsets: f.ringOffsets, byteCount: f.byteCount))
            }
            if let utf16 = utf16Evidence(buf) {
                parser.problem(utf16.offset, utf16Message(utf16.reason))
            } else if let bad = firstInvalidUTF8(buf, passed: text.release(upTo:)) {
                parser.problem(bad, "invalid UTF-8 byte 0x\(String(buf[bad], radix: 16, uppercase: true))")
            } else {
                do throws(ReadError) {
                    try parser.parseDocument()
                } catch {
                    // Say so when the error is that the file stopped (a truncated file).
                    let atEnd = error.offset >= buf.count && !error.message.hasPrefix("unexpected end of file")
                    parser.problem(error.offset, (atEnd ? "unexpected end of file, " : "") + error.message)
                }
            }
            // Offsets to locations in increasing order, which keeps lookups linear.
            return parser.problems.sorted { $0.offset < $1.offset }.map {
                Diagnostic($0.severity, text.location(ofByte: $0.offset), $0.message)
            }
        }
    }
}
