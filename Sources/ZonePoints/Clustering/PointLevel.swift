/// The items (clusters and single points) of one zoom, in a stable order, structure of arrays.
package struct PointLevel {
    package var x: [Double] = []
    package var y: [Double] = []
    /// Points in the item (1 for a single point).
    package var count: [Int] = []
    /// The wrapping sum of the members' hashes: the cluster's content, whatever the order.
    var memberHash: [UInt64] = []
    /// The input index of a single point; -1 for a cluster.
    package var point: [Int32] = []
    /// The zoom at which a cluster was made (it splits at the next one); -1 for a single point.
    package var madeAt: [Int8] = []
    /// Members' bounding box in world units, x unwrapped around the item (minX, minY, maxX, maxY).
    package var box: [Double] = []
    /// `sumCount` sums per item.
    package var sums: [Double] = []
    package let sumCount: Int

    package init(sumCount: Int) { self.sumCount = sumCount }

    package var itemCount: Int { x.count }

    mutating func reserve(_ n: Int) {
        x.reserveCapacity(n)
        y.reserveCapacity(n)
        count.reserveCapacity(n)
        memberHash.reserveCapacity(n)
        point.reserveCapacity(n)
        madeAt.reserveCapacity(n)
        box.reserveCapacity(4 * n)
        sums.reserveCapacity(sumCount * n)
    }

    /// Appends item `i` of `other` unchanged.
    package mutating func copy(_ i: Int, from other: PointLevel) {
        x.append(other.x[i])
        y.append(other.y[i])
        count.append(other.count[i])
        memberHash.append(other.memberHash[i])
        point.append(other.point[i])
        madeAt.append(other.madeAt[i])
        box.append(contentsOf: other.box[4 * i..<4 * i + 4])
        if sumCount > 0 { sums.append(contentsOf: other.sums[sumCount * i..<sumCount * (i + 1)]) }
    }

    /// A cluster's id: its members' hash mixed, below 2^53 (exact as a JSON number everywhere).
    package func clusterID(_ i: Int) -> UInt64 {
        var z = memberHash[i] &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31)) & ((1 << 53) - 1)
    }
}
