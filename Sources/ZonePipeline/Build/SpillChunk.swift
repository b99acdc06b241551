import Foundation
import ZoneGeometry

/// The coordinates of a run of one file's features, on their way to the spill: each
/// feature's place in the chunk is noted in its summary and moved to the spill's offset when
/// the chunk is written (``GeometrySpill/chunk`` bytes at a time, so one large file is never
/// held whole).
struct SpillChunk {
    let spill: GeometrySpill?
    private var bytes: [UInt8] = []
    /// The summaries (indices) whose coordinates are in `bytes`, and their ranges there.
    private var pending: [(summary: Int, range: SpillRange)] = []

    init(spill: GeometrySpill?) {
        self.spill = spill
        if spill != nil { bytes.reserveCapacity(GeometrySpill.chunk + (64 << 10)) }
    }

    var isFull: Bool { bytes.count >= GeometrySpill.chunk }

    /// Adds the geometry of the feature whose summary will be `summaries[index]`.
    mutating func add(_ geometry: PolygonalGeometry?, of index: Int) {
        guard spill != nil, let geometry else { return }
        let start = bytes.count
        geometry.appendSpill(to: &bytes)
        pending.append((index, SpillRange(offset: start, count: bytes.count - start)))
    }

    /// Writes the chunk and gives its summaries their ranges (none when the write failed: the
    /// build then reads those features' text again).
    mutating func flush(into summaries: inout [FeatureSummary]) {
        guard let spill, !bytes.isEmpty else { return }
        if let base = spill.append(bytes) {
            for p in pending {
                summaries[p.summary].spill = SpillRange(offset: base + p.range.offset, count: p.range.count)
            }
        }
        bytes.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
    }
}
