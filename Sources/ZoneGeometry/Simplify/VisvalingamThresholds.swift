/// Visvalingam–Whyatt significance of the vertices of one polyline (an arc, end points fixed).
///
/// Vertices are eliminated smallest effective area first (the triangle a vertex makes with its
/// current neighbours, in m²); `threshold[i]` is the area at which vertex i went, made
/// non-decreasing along the elimination order (Visvalingam & Whyatt 1993), so the vertices kept
/// at area A are those with `threshold > A`, and restoring from the largest threshold down undoes
/// eliminations in reverse order.
///
/// The area threshold used is `maxDeviation²`: a vertex standing `maxDeviation` off a base of
/// `2·maxDeviation` spans that area, so on short bases VW removes about what Douglas–Peucker
/// would, and on longer ones it is stricter. Area alone does not bound how far a border moves (a
/// thin spike has a small area), so an elimination that would leave any original vertex of the
/// span farther than `maxDeviation` from the new segment is refused: that vertex is pinned
/// (threshold +∞). Deviation is thus bounded by `maxDeviation`, as with Douglas–Peucker.
func visvalingamThresholds(_ xy: [Double], maxDeviation: Double) -> [Double] {
    let n = xy.count / 2
    var threshold = [Double](repeating: .infinity, count: n)
    guard n > 2 else { return threshold }
    let areaLimit = maxDeviation * maxDeviation
    var previous = Array(-1..<(n - 1))
    var next = Array(1...n)
    func area(_ i: Int) -> Double {
        let a = previous[i]
        let c = next[i]
        let ax = xy[2 * a]
        let ay = xy[2 * a + 1]
        return abs((xy[2 * i] - ax) * (xy[2 * c + 1] - ay) - (xy[2 * c] - ax) * (xy[2 * i + 1] - ay)) / 2
    }
    var heap = MinHeap()
    var current = [Double](repeating: 0, count: n)
    var pinned = [Bool](repeating: false, count: n)
    for i in 1..<(n - 1) {
        current[i] = area(i)
        heap.push(current[i], i)
    }
    var floor = 0.0
    while let (a, i) = heap.pop() {
        guard a == current[i], threshold[i] == .infinity, !pinned[i] else { continue }  // stale entry
        let effective = max(a, floor)
        if effective <= areaLimit {
            // The segment that would replace the vertex must stay near everything it replaces.
            let p = previous[i]
            let q = next[i]
            var worst = 0.0
            for k in (p + 1)..<q { worst = max(worst, pointSegmentDistanceSquared(xy, k, p, q)) }
            if worst > areaLimit {  // areaLimit = maxDeviation²
                pinned[i] = true  // never eliminated; its neighbours keep it as theirs
                continue
            }
        }
        floor = effective
        threshold[i] = effective
        let p = previous[i]
        let q = next[i]
        next[p] = q
        previous[q] = p
        for k in [p, q] where k > 0 && k < n - 1 && !pinned[k] {
            current[k] = area(k)
            heap.push(current[k], k)
        }
    }
    return threshold
}

/// A binary min-heap of (key, value) pairs.
struct MinHeap {
    private var items: [(Double, Int)] = []

    mutating func push(_ key: Double, _ value: Int) {
        items.append((key, value))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i].0 < items[parent].0 || (items[i].0 == items[parent].0 && items[i].1 < items[parent].1) else {
                break
            }
            items.swapAt(i, parent)
            i = parent
        }
    }

    package mutating func pop() -> (Double, Int)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var m = i
                if l < items.count && (items[l].0 < items[m].0 || (items[l].0 == items[m].0 && items[l].1 < items[m].1))
                {
                    m = l
                }
                if r < items.count && (items[r].0 < items[m].0 || (items[r].0 == items[m].0 && items[r].1 < items[m].1))
                {
                    m = r
                }
                guard m != i else { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
