import Mercator
import VectorTiles
import ZoneGeometry
import ZoneSupport

/// The zones as Mapbox Vector Tiles (layer `zones`, features with `city` and `style`), zoom by
/// zoom from `maxZoom` down to `minZoom` (docs/ARCHITECTURE.md, "Tiles"):
///
/// 1. per city, its zones on the zoom's world grid with the vertices MapLibre's GeoJSON tiler
///    keeps at that zoom (``RankedZones``: ranked once at `maxZoom`; each lower zoom is the one
///    above halved, less the rings a map leaves undrawn, ``SubPixelParts``, and the vertices
///    ranked within `tolerance`), so a zoom costs what is left of the city at it; then snapped
///    together on the grid (``CityZoom``);
/// 2. per city, the grid geometry cut into tiles plus `buffer` (``TileCutter``);
/// 3. the cities' pieces of each tile in one layer, encoded; a tile that one zone covers whole
///    is encoded once per zone.
///
/// Cities are tiled in parallel, one GEOS context per worker; a worker with no city left lends
/// its core to the snap rounding of the cities still running (``IdleCores``).
package struct ZoneTiler: Sendable {
    package var minZoom: Int
    package var maxZoom: Int
    package var extent: Int
    /// Tile units drawn beyond each edge; by default 64 of 4096 (scaled with the extent), 4 pixels
    /// of a 256-pixel tile, wider than any stroke a style draws, as tippecanoe's default of 5
    /// pixels is.
    package var buffer: Int
    /// Simplification below `maxZoom`, in tile units: a vertex stays while its rank (its
    /// Douglas–Peucker distance, ``RankedZones``) is above it. By default MapLibre's own for
    /// GeoJSON sources (``mapLibreTolerance(extent:)``, 3 of 4096), so tiles and GeoJSON draw
    /// alike. The highest zoom is the artifacts on the grid, simplified only as they are (in
    /// metres, by the build), so it keeps their area.
    package var tolerance: Double
    package var jobs: Int

    package init(
        minZoom: Int, maxZoom: Int, extent: Int = 4096, buffer: Int? = nil, tolerance: Double? = nil,
        jobs: Int = defaultJobs
    ) {
        (self.minZoom, self.maxZoom, self.extent) = (minZoom, maxZoom, extent)
        self.buffer = buffer ?? 64 * extent / 4096
        (self.tolerance, self.jobs) = (tolerance ?? mapLibreTolerance(extent: extent), jobs)
    }

    /// Calls `emit` with each non-empty tile, zoom by zoom (from `maxZoom` down): the tile's MVT
    /// bytes, uncompressed, holding the one layer `zones` (MVT tiles concatenate, so a caller may
    /// append other layers' bytes). Within a zoom, the tiles with pieces of zones come in tile
    /// order, then those that whole zones fill.
    ///
    /// Memory: a city's zones in longitude and latitude are let go once the highest zoom has
    /// them, and a city's zoom once the next has halved it; the free pages a zoom leaves are
    /// given back to the system before the next.
    package func tiles(of zones: consuming [TileZone], emit: (TileKey, [UInt8]) throws -> Void) throws {
        try tiles(of: consume zones, emit: emit) { ids, bytes in
            for id in ids {
                let (z, x, y) = PMTilesTileID.tile(id: id)
                try emit(TileKey(z: z, x: x, y: y), bytes)
            }
        }
    }

    /// ``tiles(of:emit:)``, but the tiles that only whole zones cover come as runs of PMTiles
    /// ids with the same bytes (``PMTilesTileID``; `emitRun`, after each zoom's `emit`s), so a
    /// zone over millions of tiles at a deep zoom costs what its border does.
    package func tiles(
        of zones: consuming [TileZone], emit: (TileKey, [UInt8]) throws -> Void,
        emitRun: (Range<UInt64>, [UInt8]) throws -> Void
    ) throws {
        var cityOf: [String: Int] = [:]
        var cities: [[Int]] = []
        for (i, zone) in zones.enumerated() {
            if let c = cityOf[zone.city] {
                cities[c].append(i)
            } else {
                cityOf[zone.city] = cities.count
                cities.append([i])
            }
        }
        let cityMembers = cities
        let anchors = try anchors(of: zones)
        let weights = cities.map { $0.reduce(0) { $0 + zones[$1].geometry.positionCount } }
        let names = zones.map { (city: $0.city, style: $0.style) }
        var lonLat: ResultSlots<[PolygonalGeometry]>? = ResultSlots(cities.map { $0.map { zones[$0].geometry } })
        zones = []
        var above: ResultSlots<RankedZones>? = nil
        for zoom in stride(from: maxZoom, through: minZoom, by: -1) {
            let (first, previous) = (lonLat, above)
            // A worker with no city left lends its core to the snap of those still running;
            // new for each zoom, as every worker lends its core when the zoom's cities are done.
            let cores = IdleCores()
            var results = parallelMapWithGEOS(count: cities.count, jobs: jobs, weights: weights, lending: cores) {
                worker, c -> Result<(RankedZones, [TileBlock]), Error> in
                Result {
                    guard let context = worker else { throw GEOSError.contextUnavailable }
                    let members = cityMembers[c]
                    let ranked =
                        if let previous {
                            previous.take(at: c)!.lower(tolerance: tolerance, parts: SubPixelParts(extent: extent))
                        } else {
                            RankedZones(CityZoom.projected(first!.take(at: c)!, zoom: zoom, extent: extent))
                        }
                    let city = try ranked.city.snapped(extent: extent, buffer: buffer, cores: cores)
                    let world = Double(extent) * Double(1 << zoom)
                    // A point on the surface beyond the map (south of −85.05°, or on 180°) is
                    // drawn in the last row or column, inside the world's tiles.
                    func inWorld(_ v: Double) -> Double { min(max(v, 0), world - 1) }
                    let drawn = city.drawn(
                        anchors: members.map {
                            let a = anchors[$0]
                            return (
                                inWorld(WebMercator.x(longitude: a.x) * world),
                                inWorld(WebMercator.y(latitude: a.y) * world)
                            )
                        })
                    let cutter = TileCutter(
                        zoom: zoom, extent: extent, buffer: buffer, originX: city.originX, originY: city.originY,
                        context: context)
                    return (ranked, try cutter.blocks(of: drawn))
                }
            }
            lonLat = nil
            var state: [RankedZones] = []
            var blocks: [[TileBlock]] = []
            for result in results {
                let (city, cityBlocks) = try result.get()
                state.append(city)
                blocks.append(cityBlocks)
            }
            results = []
            above = zoom > minZoom ? ResultSlots(state) : nil
            state = []
            try emitZoom(zoom, blocks, cities: cities, names: names, emit: emit, emitRun: emitRun)
            blocks = []
            releaseFreeMemory()
        }
    }

    /// Each zone's point on its surface (GEOS), on every core with a context per worker.
    private func anchors(of zones: borrowing [TileZone]) throws -> [(x: Double, y: Double)] {
        let geometries = zones.map(\.geometry)
        return try parallelMapWithGEOS(count: geometries.count, jobs: jobs) { worker, i in
            Result {
                guard let context = worker else { throw GEOSError.contextUnavailable }
                return try geometries[i].pointOnSurface(context: context) ?? (0, 0)
            }
        }.map { try $0.get() }
    }
}
