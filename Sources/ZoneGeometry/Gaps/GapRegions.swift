import Foundation
import ZoneSupport

/// One gap of the overlay: a connected area no group covers and gap pieces do.
package struct GapRegion {
    /// Area on the sphere, in m².
    package var squareMetres: Double
    /// Length of its border, in metres.
    var perimeterM: Double
    /// Its box, in degrees.
    package var west: Double, south: Double, east: Double, north: Double
    /// The groups that took it (closed), in order; empty when it is only reported.
    package var groups: [Int]
    /// The groups' share of its area, in m², parallel to `groups`.
    package var closedSquareMetres: [Double]

    /// A length along it, in metres: half its border (a sliver's two long sides).
    package var lengthM: Double { perimeterM / 2 }
}

/// The gap faces of an overlay's planar graph, gathered into connected regions (faces that share
/// an edge, or that are one face).
struct GapRegions {
    let graph: PlanarGraph
    var faces: DisjointSets
    let isGap: [Bool]
    /// Output grid units per degree.
    package let unit: Double

    /// The regions, in the order of their first cycle; `owners(c)` names the groups that took cycle c.
    package func regions(owners: (Int) -> [Int]) -> [GapRegion] {
        var faces = self.faces
        var regions = DisjointSets(count: graph.cycleCount)
        for c in 0..<graph.cycleCount where isGap[c] { regions.union(c, faces.find(c)) }
        for e in 0..<graph.edgeCount {
            let (a, b) = (Int(graph.cycleOf[2 * e]), Int(graph.cycleOf[2 * e + 1]))
            if isGap[a] && isGap[b] { regions.union(a, b) }
        }
        let areas = graph.squareMetres(cycles: isGap)
        var index: [Int: Int] = [:]
        var out: [GapRegion] = []
        for c in 0..<graph.cycleCount where isGap[c] {
            let root = regions.find(c)
            let k: Int
            if let known = index[root] {
                k = known
            } else {
                k = out.count
                index[root] = k
                out.append(
                    GapRegion(
                        squareMetres: 0, perimeterM: 0, west: .infinity, south: .infinity, east: -.infinity,
                        north: -.infinity, groups: [], closedSquareMetres: []))
            }
            let area = areas[c]
            out[k].squareMetres += area
            for g in owners(c) {
                if let i = out[k].groups.firstIndex(of: g) {
                    out[k].closedSquareMetres[i] += area
                } else {
                    out[k].groups.append(g)
                    out[k].closedSquareMetres.append(area)
                }
            }
            // The border: half-edges of this cycle whose other side is not a gap.
            let start = Int(graph.cycleStart[c])
            var h = start
            repeat {
                let p = graph.nodes[graph.origin(h)]
                let (lon, lat) = (Double(p.x) / unit, Double(p.y) / unit)
                out[k].west = min(out[k].west, lon)
                out[k].east = max(out[k].east, lon)
                out[k].south = min(out[k].south, lat)
                out[k].north = max(out[k].north, lat)
                if !isGap[Int(graph.cycleOf[h ^ 1])] {
                    let q = graph.nodes[graph.destination(h)]
                    out[k].perimeterM += Self.metres(lon, lat, Double(q.x) / unit, Double(q.y) / unit)
                }
                h = Int(graph.next[h])
            } while h != start
        }
        return out.filter { $0.squareMetres > 0 }
    }

    /// Length of a short segment in metres (equirectangular at its middle, on the mean sphere).
    package static func metres(_ lon0: Double, _ lat0: Double, _ lon1: Double, _ lat1: Double) -> Double {
        let k = LocalFrame.radius * Double.pi / 180
        let dx = (lon1 - lon0) * k * cos((lat0 + lat1) / 2 * Double.pi / 180)
        let dy = (lat1 - lat0) * k
        return (dx * dx + dy * dy).squareRoot()
    }
}
