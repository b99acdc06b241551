/// Union-find over 0..<count with path halving and union by size.
package struct DisjointSets {
    private var parent: [Int32]
    private var size: [Int32]

    package init(count: Int) {
        parent = (0..<Int32(count)).map { $0 }
        size = Array(repeating: 1, count: count)
    }

    package mutating func find(_ x: Int) -> Int {
        var x = Int32(x)
        while parent[Int(x)] != x {
            parent[Int(x)] = parent[Int(parent[Int(x)])]
            x = parent[Int(x)]
        }
        return Int(x)
    }

    package mutating func union(_ a: Int, _ b: Int) {
        var (ra, rb) = (find(a), find(b))
        guard ra != rb else { return }
        if size[ra] < size[rb] { swap(&ra, &rb) }
        parent[rb] = Int32(ra)
        size[ra] += size[rb]
    }
}
