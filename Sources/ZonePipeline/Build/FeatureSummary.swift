import Crypto
import Foundation
import ZoneFormats

/// What a build keeps of a feature between checking its file and building its city: all but
/// the coordinates, which are read again, one group of cities at a time, when the city is
/// built (so a build never holds the whole corpus's coordinates).
public struct FeatureSummary: FeatureFacts, Sendable {
    public var id: JSONValue?
    /// Trimmed to the keys the pipeline reads (``PipelineConfig/propertiesRead``).
    public var properties: JSONObject
    public var location: SourceLocation
    public var hasGeometry: Bool
    public var isValid: Bool
    /// Where ``spill`` starts, in 8-byte words (a feature's spill form is whole words).
    private var spillStart: UInt32 = 0
    public var positionCount: Int
    /// Where the feature's text is in its file (byte offset and count), and the CRC-32 of
    /// those bytes: the build reads each city's features again from there, and a feature whose
    /// bytes changed since the scan stops the build.
    public var offset: Int
    public var byteCount: Int
    public var checksum: UInt32
    /// The length of ``spill`` in 8-byte words (0: not there); here, and its start beside
    /// `isValid`, each fills what was padding.
    private var spillWords: UInt32 = 0
    /// SHA-256 (first 16 bytes) of all a city's build reads of the feature: location, validity,
    /// properties, coordinates and ring structure. Equal digests, equal input.
    public var digest: Digest128

    /// Where the scan left the coordinates it parsed (``GeometrySpill``), so the build reads
    /// them there rather than parsing the text again; nil when it did not (a check that is not
    /// a build, a scan from the cache, a failed write, a spill past 32 GB).
    var spill: SpillRange? {
        get {
            spillWords == 0 ? nil : SpillRange(offset: 8 * Int(spillStart), count: 8 * Int(spillWords))
        }
        set {
            guard let r = newValue, r.offset % 8 == 0, r.count % 8 == 0, let start = UInt32(exactly: r.offset / 8),
                let words = UInt32(exactly: r.count / 8)
            else {
                (spillStart, spillWords) = (0, 0)
                return
            }
            (spillStart, spillWords) = (start, words)
        }
    }

    /// The summary of `f`; its digest only `withDigest` (it is for the cache alone).
    init(_ f: Feature, withDigest: Bool) {
        id = f.id
        properties = f.properties
        location = f.location
        hasGeometry = f.geometry != nil
        isValid = f.isValid
        positionCount = f.geometry?.positionCount ?? 0
        offset = f.offset
        byteCount = f.byteCount
        checksum = 0
        digest = .zero
        guard withDigest else { return }
        var bytes = Array(f.location.file.utf8)
        withUnsafeBytes(of: (Int64(f.location.line), Int64(f.location.column), f.isValid, f.geometry != nil)) {
            bytes += $0
        }
        f.properties.appendJSON(to: &bytes)
        var h = SHA256()
        h.update(data: bytes)
        if let g = f.geometry {
            g.coordinates.withUnsafeBytes { h.update(bufferPointer: $0) }
            g.ringEnds.withUnsafeBytes { h.update(bufferPointer: $0) }
            g.polygonEnds.withUnsafeBytes { h.update(bufferPointer: $0) }
        }
        digest = Digest128(Array(h.finalize())[..<16])
    }

    init(
        id: JSONValue?, properties: JSONObject, location: SourceLocation, hasGeometry: Bool, isValid: Bool,
        positionCount: Int, offset: Int, byteCount: Int, checksum: UInt32, digest: Digest128
    ) {
        (self.id, self.properties, self.location, self.hasGeometry, self.isValid) = (
            id, properties, location, hasGeometry, isValid
        )
        (self.positionCount, self.offset, self.byteCount, self.checksum, self.digest) = (
            positionCount, offset, byteCount, checksum, digest
        )
    }
}
