import Testing

@testable import ZoneClientCore

@Suite struct ZoneIndexBoundaryTests {
    let index: ZoneIndex

    init() throws { index = try ZoneIndex(artifact: ArtifactFixtures.neighbours) }

    @Test func insideAHoleAndOutside() {
        #expect(index.style(longitude: 1.5, latitude: 1.5) == "parking")
        #expect(index.style(longitude: 3, latitude: 1) == "noparking")
        #expect(index.zone(longitude: 0.75, latitude: 0.75) == nil)  // in the hole
        #expect(index.zone(longitude: -0.1, latitude: 1) == nil)
        #expect(index.zone(longitude: 4.5, latitude: 1) == nil)
        #expect(index.zone(longitude: 1, latitude: 2.0.nextUp) == nil)
        #expect(index.zone(longitude: 4.0.nextUp, latitude: 0) == nil)
        #expect(index.zone(longitude: 200, latitude: 95) == nil)
    }

    @Test(arguments: [
        (0.0, 0.0), (0.0, 2.0), (0.0, 1.0), (1.0, 0.0), (1.0, 2.0), (0.0, 0.3),  // outer vertices and edges
        (0.5, 0.75), (0.75, 1.0), (1.0, 1.0), (0.5, 0.5),  // hole edges and vertices
    ])
    func bordersAndVerticesAreInside(x: Double, y: Double) {
        #expect(index.style(longitude: x, latitude: y) == "parking")
        #expect(index.allZones(longitude: x, latitude: y).count == 1)
    }

    @Test(arguments: [(2.0, 1.0), (2.0, 0.0), (2.0, 2.0), (2.0, 1.9999999)])
    func sharedBorderGoesToTheStyleNameThatSortsFirst(x: Double, y: Double) throws {
        #expect(index.allZones(longitude: x, latitude: y).count == 2)
        #expect(index.style(longitude: x, latitude: y) == "noparking")  // "noparking" < "parking"
        let byPriority = try ZoneIndex(artifact: ArtifactFixtures.neighbours, priority: ["parking"])
        #expect(byPriority.style(longitude: x, latitude: y) == "parking")
        #expect(byPriority.zones.map(\.style) == ["parking", "noparking"])
    }

    @Test func justOffTheSharedBorderIsOneZone() {
        #expect(index.style(longitude: 2.0.nextDown, latitude: 1) == "parking")
        #expect(index.style(longitude: 2.0.nextUp, latitude: 1) == "noparking")
    }

    /// A sloped edge at city coordinates: its exact points are inside, one ulp off is decided by the side.
    @Test func slopedEdgeIsExact() throws {
        // Bottom edge (13.25, 52.5) → (13.75, 52.625); (13.5, 52.5625) lies exactly on it.
        let ring = [(13.25, 52.5), (13.75, 52.625), (13.75, 53.0), (13.25, 53.0), (13.25, 52.5)]
        let index = try ZoneIndex(artifact: ArtifactFixtures.collection([("slow", [[ring]])]))
        #expect(index.style(longitude: 13.5, latitude: 52.5625) == "slow")
        #expect(index.style(longitude: 13.5, latitude: 52.5625.nextUp) == "slow")
        #expect(index.style(longitude: 13.5, latitude: 52.5625.nextDown) == nil)
        #expect(index.style(longitude: 13.375, latitude: 52.53125) == "slow")
        #expect(index.style(longitude: 13.375.nextUp, latitude: 52.53125) == nil)  // right of a rising edge: below
        #expect(index.style(longitude: 13.375.nextDown, latitude: 52.53125) == "slow")
    }

    /// The ray from a point meets an edge exactly on its cell's left line: counted once.
    @Test func crossingExactlyOnAColumnLine() throws {
        // The triangle below y = x: its diagonal meets every column line x0 at (x0, x0) exactly.
        let bytes = ArtifactFixtures.collection([("t", [[[(0, 0), (1, 0), (1, 1), (0, 0)]]])])
        let index = try ZoneIndex(artifact: bytes)
        let grid = try #require(ZoneGrid.build(try ArtifactReader.zones(bytes, key: "t")))
        var checked = 0
        for i in 0..<grid.columns.count where grid.columns.lines[i] > 0 && grid.columns.lines[i] < 1 {
            let x0 = grid.columns.lines[i]
            let inCell = (x0 + grid.columns.lines[i + 1]) / 2
            #expect(index.style(longitude: inCell, latitude: x0) == "t")
            #expect(index.style(longitude: x0, latitude: x0) == "t")  // on the diagonal
            #expect(index.style(longitude: x0, latitude: x0.nextUp) == nil)
            #expect(index.style(longitude: inCell, latitude: inCell.nextUp) == nil)
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test func zonesWithoutStyleRankLast() throws {
        let bytes = ArtifactFixtures.collection([
            (nil, [[ArtifactFixtures.box(0, 0, 1, 1)]]), ("b", [[ArtifactFixtures.box(1, 0, 2, 1)]]),
        ])
        let index = try ZoneIndex(artifact: bytes)
        #expect(index.zones.map(\.style) == ["b", nil])
        #expect(index.zone(longitude: 0.5, latitude: 0.5) == 1)
        #expect(index.style(longitude: 0.5, latitude: 0.5) == nil)
        #expect(index.style(longitude: 1, latitude: 0.5) == "b")
    }

    @Test func badArtifactsAreRefused() {
        #expect(throws: ZoneClientError.self) { try ZoneIndex(artifact: Array(#"{"features":[}"#.utf8)) }
        #expect(throws: ZoneClientError.self) {
            try ZoneIndex(
                artifact: Array(
                    #"{"features":[{"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}]}"#.utf8))
        }
        let many = ArtifactFixtures.collection(
            (0..<65).map { ("s\($0)", [[ArtifactFixtures.box(Double($0), 0, Double($0) + 1, 1)]]) })
        #expect(throws: ZoneClientError.tooManyZones(city: "artifact", count: 65)) { try ZoneIndex(artifact: many) }
    }
}
