import Foundation
import ZoneFormats

/// One zone file as checked: its findings and a summary per feature, in source order.
public struct ScannedFile: Sendable {
    public var path: String
    /// SHA-256 of the file's bytes, when the build has a cache (empty otherwise).
    public var digest: [UInt8]
    public var bytes: Int
    public var features: [FeatureSummary]
    public var diagnostics: [Diagnostic]
}

extension ScannedFile {
    /// The cache form: header, distinct property sets, features, findings.
    func encoded() -> [UInt8] {
        var w = ByteWriter()
        w.string("zonectl-scan-5")
        w.string(path)
        w.varint(digest.count)
        w.raw(digest)
        w.varint(bytes)
        var tables = FirstSeenNumbering<JSONObject>()
        let index = features.map { tables.number($0.properties) }
        w.varint(tables.order.count)
        for o in tables.order { w.object(o) }
        w.varint(features.count)
        for (f, k) in zip(features, index) {
            if let id = f.id {
                w.byte(1)
                w.json(id)
            } else {
                w.byte(0)
            }
            w.varint(k)
            w.varint(f.location.line)
            w.varint(f.location.column)
            w.byte((f.hasGeometry ? 1 : 0) | (f.isValid ? 2 : 0))
            w.varint(f.positionCount)
            w.varint(f.offset)
            w.varint(f.byteCount)
            w.varint(Int(f.checksum))
            w.raw(f.digest.bytes)
        }
        // Messages once each (the same winding warning may be on every other feature).
        var messages = FirstSeenNumbering<String>()
        let message = diagnostics.map { messages.number($0.message) }
        w.varint(messages.order.count)
        for m in messages.order { w.string(m) }
        w.varint(diagnostics.count)
        for (d, m) in zip(diagnostics, message) {
            w.byte(d.severity == .error ? 1 : 0)
            w.string(d.location.file)
            w.varint(d.location.line)
            w.varint(d.location.column)
            w.varint(m)
        }
        return w.bytes
    }

    /// Decodes ``encoded()``; nil when the bytes are not a whole entry.
    init?(decoding bytes: [UInt8]) {
        guard let scan = ByteReader.read(bytes, { r in Self.decode(&r) }) else { return nil }
        self = scan
    }

    private static func decode(_ r: inout ByteReader) -> ScannedFile? {
        guard r.string() == "zonectl-scan-5", let path = r.string(), let digestCount = r.count(),
            let digest = r.raw(digestCount).map(Array.init), let size = r.varint(),
            let tableCount = r.count()
        else { return nil }
        var tables: [JSONObject] = []
        tables.reserveCapacity(tableCount)
        for _ in 0..<tableCount {
            guard let o = r.object() else { return nil }
            tables.append(o)
        }
        guard let featureCount = r.count() else { return nil }
        // Each summary made in its place in the array (appended, each was copied and the
        // original destroyed: three retains and releases per feature, 138,000 in a rebuild).
        var complete = false
        let features = [FeatureSummary](unsafeUninitializedCapacity: featureCount) { buffer, count in
            count = 0
            for i in 0..<featureCount {
                guard let hasID = r.byte() else { return }
                var id: JSONValue?
                if hasID == 1 {
                    guard let v = r.json() else { return }
                    id = v
                }
                guard let k = r.varint(), k >= 0, k < tables.count, let line = r.varint(), let column = r.varint(),
                    let flags = r.byte(), let positions = r.varint(), let offset = r.varint(),
                    let byteCount = r.varint(), let checksum = r.varint(), let digest = r.digest128()
                else { return }
                (buffer.baseAddress! + i).initialize(
                    to: FeatureSummary(
                        id: id, properties: tables[k], location: SourceLocation(file: path, line: line, column: column),
                        hasGeometry: flags & 1 != 0, isValid: flags & 2 != 0, positionCount: positions,
                        offset: offset, byteCount: byteCount, checksum: UInt32(truncatingIfNeeded: checksum),
                        digest: digest))
                count = i + 1
            }
            complete = true
        }
        guard complete else { return nil }
        guard let messageCount = r.count() else { return nil }
        var messages: [String] = []
        messages.reserveCapacity(messageCount)
        for _ in 0..<messageCount {
            guard let m = r.string() else { return nil }
            messages.append(m)
        }
        guard let diagnosticCount = r.count() else { return nil }
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(diagnosticCount)
        let pathUTF8 = Array(path.utf8)
        for _ in 0..<diagnosticCount {
            guard let severity = r.byte(), let file = r.string(orKnown: path, utf8: pathUTF8), let line = r.varint(),
                let column = r.varint(), let m = r.varint(), m >= 0, m < messages.count
            else { return nil }
            diagnostics.append(
                Diagnostic(
                    severity == 1 ? .error : .warning, SourceLocation(file: file, line: line, column: column),
                    messages[m]))
        }
        guard r.isAtEnd else { return nil }
        return ScannedFile(path: path, digest: digest, bytes: size, features: features, diagnostics: diagnostics)
    }
}
