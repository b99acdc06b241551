import ZoneSupport

/// What `zonectl build` did, per city and in total (written as dist/report.json).
public struct BuildReport: Codable, Sendable {
    /// One city's counts: input → output.
    public struct City: Codable, Sendable, Equatable {
        public var id: String
        public var inputFeatures: Int
        public var inputPolygons: Int
        public var outputFeatures: Int
        public var verticesIn: Int
        public var verticesOut: Int
        /// Bytes of the authored source features, of the compact artifact, of its gzip.
        public var bytesAuthored: Int
        public var bytesMinified: Int
        public var bytesGzip: Int
        /// Bytes of its brotli artifact; absent when only gzip is written.
        public var bytesBrotli: Int? = nil
        /// Vertices simplification started from (snapped), and the largest distance in metres it
        /// moved a border (0 when simplification is off).
        public var verticesBeforeSimplify: Int
        public var maxDeviationM: Double
    }

    /// Area one style lost to a higher-priority style, in m².
    public struct Contested: Codable, Sendable, Equatable {
        public var city: String
        public var winner: String
        public var loser: String
        public var squareMetres: Double
    }

    /// Area a style gained by closing gaps (`gaps.close_m`), in m².
    public struct Closed: Codable, Sendable, Equatable {
        public var city: String
        public var style: String
        public var squareMetres: Double
    }

    /// A zone of a city with input polygons and no area left: no feature is written for it.
    public struct Vanished: Codable, Sendable, Equatable {
        public var city: String
        /// The group's `group_by` values joined by "/", e.g. "berlin/no-parking".
        public var zone: String
        public var polygons: Int
        public var reason: String
    }

    /// Features read = built + refused, with the reasons for each refused one.
    public var features: FeatureAccount
    public var cities: [City]
    public var total: City
    public var contested: [Contested]
    /// Gaps between zones narrower than `gaps.report_m`, per city in city order.
    public var gaps: [GapFinding] = []
    /// Area closed per city and style (`gaps.close_m`).
    public var closed: [Closed] = []
    /// Zones that vanished, per city in city order.
    public var vanished: [Vanished] = []
    /// Seconds per stage (load = read + validate every file; geometry = read the files again,
    /// build and write each city), and per step summed over threads (read, repair, overlay,
    /// simplify, finish, write).
    public var stageSeconds: [String: Double]
    public var geometrySteps: [String: Double]
    public var warnings: Int
    /// Cities whose artifact came from the build cache (inputs unchanged).
    public var cachedCities: Int
    /// Zone files parsed and checked; the others' findings and summaries came from the cache.
    public var parsedFiles: Int
    /// Point layers, per layer and city (`Points/`); absent when the config has none.
    public var points: [PointReport]? = nil

    /// Sums of the city rows.
    static func total(_ cities: [City]) -> City {
        cities.reduce(
            City(
                id: "total", inputFeatures: 0, inputPolygons: 0, outputFeatures: 0, verticesIn: 0,
                verticesOut: 0, bytesAuthored: 0, bytesMinified: 0, bytesGzip: 0, bytesBrotli: nil,
                verticesBeforeSimplify: 0, maxDeviationM: 0)
        ) { t, c in
            City(
                id: "total", inputFeatures: t.inputFeatures + c.inputFeatures,
                inputPolygons: t.inputPolygons + c.inputPolygons,
                outputFeatures: t.outputFeatures + c.outputFeatures, verticesIn: t.verticesIn + c.verticesIn,
                verticesOut: t.verticesOut + c.verticesOut, bytesAuthored: t.bytesAuthored + c.bytesAuthored,
                bytesMinified: t.bytesMinified + c.bytesMinified, bytesGzip: t.bytesGzip + c.bytesGzip,
                bytesBrotli: c.bytesBrotli.map { (t.bytesBrotli ?? 0) + $0 } ?? t.bytesBrotli,
                verticesBeforeSimplify: t.verticesBeforeSimplify + c.verticesBeforeSimplify,
                maxDeviationM: max(t.maxDeviationM, c.maxDeviationM))
        }
    }
}

/// report.json: the bytes JSONEncoder would write (pretty, sorted keys), far faster
/// (``PrettyJSON``); members in the order of their names' UTF-8 bytes.
extension BuildReport {
    /// The gaps, when there are many, are written on `jobs` threads.
    public func jsonBytes(jobs: Int = defaultJobs) throws -> [UInt8] { try jsonBytes(jobs: jobs, gapTexts: nil) }

    /// `gapTexts`: ``gapText(_:)`` of each city's gaps, in city order, when at hand (a cached
    /// city keeps its own), so the gaps are copied, not written again; ignored unless they hold
    /// as many gaps as ``gaps``.
    func jsonBytes(jobs: Int = defaultJobs, gapTexts: [GapText]?) throws -> [UInt8] {
        var w = PrettyJSON()
        var failure: Error?
        w.object { w in
            w.member("cachedCities", cachedCities)
            w.key("cities")
            w.array(cities) { $0.city($1) }
            w.key("closed")
            w.array(closed) { w, c in
                w.object { w in
                    w.member("city", c.city)
                    w.member("squareMetres", c.squareMetres)
                    w.member("style", c.style)
                }
            }
            w.key("contested")
            w.array(contested) { w, c in
                w.object { w in
                    w.member("city", c.city)
                    w.member("loser", c.loser)
                    w.member("squareMetres", c.squareMetres)
                    w.member("winner", c.winner)
                }
            }
            w.key("features")
            do { try w.encodable(features) } catch { failure = error }
            w.key("gaps")
            if let gapTexts, gapTexts.reduce(0, { $0 + $1.count }) == gaps.count {
                w.array(runs: gapTexts.map(\.bytes))
            } else {
                // A report may hold 10,000 gaps: written on every core.
                w.array(gaps, jobs: jobs) { $0.gap($1) }
            }
            w.key("geometrySteps")
            w.dictionary(geometrySteps) { $0.double($1) }
            w.member("parsedFiles", parsedFiles)
            if let points {
                w.key("points")
                do { try w.encodable(points) } catch { failure = error }
            }
            w.key("stageSeconds")
            w.dictionary(stageSeconds) { $0.double($1) }
            w.key("total")
            w.city(total)
            w.key("vanished")
            w.array(vanished) { w, v in
                w.object { w in
                    w.member("city", v.city)
                    w.member("polygons", v.polygons)
                    w.member("reason", v.reason)
                    w.member("zone", v.zone)
                }
            }
            w.member("warnings", warnings)
        }
        if let failure { throw failure }
        guard !w.invalidNumber else {
            throw EncodingError.invalidValue(
                Double.nan, .init(codingPath: [], debugDescription: "report.json: a number is NaN or infinite"))
        }
        return w.finish()
    }
}

extension BuildReport {
    /// Gap findings as report.json writes them: the elements of its `gaps` array.
    struct GapText: Sendable, Equatable {
        var count: Int
        var bytes: [UInt8]
    }

    /// The text of `gaps` in report.json, written once when a city is built and kept in its
    /// cache entry (a one-city rebuild would otherwise write every city's gaps again);
    /// nil when a number is not finite (``jsonBytes(jobs:gapTexts:)`` then reports it).
    static func gapText(_ gaps: [GapFinding]) -> GapText? {
        // The gaps array is a member of the report's top-level object: its elements at depth 2.
        PrettyJSON.run(gaps, depth: 2) { $0.gap($1) }.map { GapText(count: gaps.count, bytes: $0) }
    }
}

extension PrettyJSON {
    fileprivate mutating func city(_ c: BuildReport.City) {
        object { w in
            w.member("bytesAuthored", c.bytesAuthored)
            if let br = c.bytesBrotli { w.member("bytesBrotli", br) }
            w.member("bytesGzip", c.bytesGzip)
            w.member("bytesMinified", c.bytesMinified)
            w.member("id", c.id)
            w.member("inputFeatures", c.inputFeatures)
            w.member("inputPolygons", c.inputPolygons)
            w.member("maxDeviationM", c.maxDeviationM)
            w.member("outputFeatures", c.outputFeatures)
            w.member("verticesBeforeSimplify", c.verticesBeforeSimplify)
            w.member("verticesIn", c.verticesIn)
            w.member("verticesOut", c.verticesOut)
        }
    }

    fileprivate mutating func gap(_ g: GapFinding) {
        object { w in
            w.member("city", g.city)
            w.member("closedInto", g.closedInto)
            w.member("features", g.features)
            w.member("lat", g.lat)
            w.member("lengthM", g.lengthM)
            w.member("lon", g.lon)
            w.member("maxWidthM", g.maxWidthM)
            w.member("minWidthM", g.minWidthM)
            w.member("squareMetres", g.squareMetres)
            w.member("styles", g.styles)
        }
    }
}
