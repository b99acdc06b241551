import ZoneClient

/// Uniform random positions in a box (SplitMix64: the same seed gives the same points), and the
/// lookup loops timed over them.
struct LookupPoints {
    var xs: [Double] = []
    var ys: [Double] = []

    /// `count` positions in `bbox` (`[west, south, east, north]`; west > east crosses 180°).
    init(in bbox: [Double], count: Int, seed: UInt64) {
        var state = seed
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        guard bbox.count == 4 else { return }
        let east = bbox[2] < bbox[0] ? bbox[2] + 360 : bbox[2]
        xs.reserveCapacity(count)
        ys.reserveCapacity(count)
        for _ in 0..<count {
            let x = bbox[0] + (east - bbox[0]) * next()
            xs.append(x > 180 ? x - 360 : x)
            ys.append(bbox[1] + (bbox[3] - bbox[1]) * next())
        }
    }

    var count: Int { xs.count }

    /// The points `index` finds in a zone, by ``ZoneIndex/zone(longitude:latitude:)``: the loop
    /// `zonectl-bench lookup` times.
    func zonePass(_ index: ZoneIndex) -> Int {
        var found = 0
        for k in xs.indices where index.zone(longitude: xs[k], latitude: ys[k]) != nil { found += 1 }
        return found
    }

    /// The points `index` finds in a zone with a style, by ``ZoneIndex/style(longitude:latitude:)``:
    /// what an app calls.
    func stylePass(_ index: ZoneIndex) -> Int {
        var found = 0
        for k in xs.indices where index.style(longitude: xs[k], latitude: ys[k]) != nil { found += 1 }
        return found
    }
}
