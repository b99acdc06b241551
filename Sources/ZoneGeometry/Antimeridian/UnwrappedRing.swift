/// A ring with continuous longitudes: position i lies at longitude `wrapped[i].lon + 360·sheet[i]`,
/// each step from one position to the next taken the short way round (``unwrappedStep(_:_:)``).
///
/// Sheet k is the longitude range [−180 + 360k, 180 + 360k]; the meridian between sheets k and
/// k + 1 is ±180° on the globe. A ring that does not cross stays in one sheet; one that comes
/// back round after crossing ends in the sheet it started in; one that goes round a pole ends
/// one sheet (or more) further on. Positions are wrapped into [−180, 180] first, so a ring
/// drawn on past 180 (181, 182, …) and one that jumps (179, −179, …) unwrap alike.
struct UnwrappedRing {
    /// Positions with longitudes in [−180, 180], without positions that repeat the one before
    /// within 1e-8° in both axes (as the antimeridian package's `remove_consecutive_duplicates`).
    package var wrapped: [LonLat]
    /// The sheet of each position (0 for the first).
    var sheet: [Int]
    /// The index in the input ring of each position kept.
    package var source: [Int]

    /// The ring unwrapped; with `removingDuplicates` false every position is kept.
    init(_ ring: [LonLat], removingDuplicates: Bool = true) {
        wrapped = []
        source = []
        for (i, p) in ring.enumerated() {
            let q = LonLat(wrappedLongitude(p.lon), p.lat)
            if removingDuplicates, let last = wrapped.last, abs(q.lon - last.lon) <= 1e-8, abs(q.lat - last.lat) <= 1e-8
            {
                continue
            }
            wrapped.append(q)
            source.append(i)
        }
        sheet = []
        sheet.reserveCapacity(wrapped.count)
        var k = 0
        for i in wrapped.indices {
            if i > 0 {
                let step = wrapped[i].lon - wrapped[i - 1].lon
                if step > 180 { k -= 1 } else if step < -180 { k += 1 }
            }
            sheet.append(k)
        }
    }

    /// Times round the globe from the first position to the last: 0 unless the ring goes round
    /// a pole.
    var turns: Int {
        guard let first = wrapped.first, let last = wrapped.last else { return 0 }
        let u0 = first.lon
        let u1 = last.lon + 360 * Double(sheet[sheet.count - 1])
        return Int(((u1 - u0) / 360).rounded())
    }

    /// True when position i lies on the antimeridian.
    func isOnMeridian(_ i: Int) -> Bool { abs(wrapped[i].lon) == 180 }

    /// The sheet position i lies in; for one on the meridian, the sheet to its west.
    func westSheet(_ i: Int) -> Int { wrapped[i].lon == -180 ? sheet[i] - 1 : sheet[i] }

    /// The sheet a ring that does not cross lies in: that of its first position off the meridian.
    var sideSheet: Int {
        guard let i = wrapped.indices.first(where: { !isOnMeridian($0) }) else { return westSheet(0) }
        return sheet[i]
    }

    /// Position i as seen from sheet k: longitude in [−180, 180].
    package func position(_ i: Int, inSheet k: Int) -> LonLat {
        LonLat(wrapped[i].lon + 360 * Double(sheet[i] - k), wrapped[i].lat)
    }
}
