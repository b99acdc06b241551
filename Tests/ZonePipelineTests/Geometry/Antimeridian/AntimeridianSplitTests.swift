import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// One case of the antimeridian package's test suite (gadomski/antimeridian, tests/data: input
/// and its flat or spherical output), rewritten as flat rings; the expected crossing latitudes
/// of spherical outputs are the package's, rounded by it to 7 decimals.
struct PackageCase: CustomTestStringConvertible, Sendable {
    var name: String
    var input: PolygonalGeometry
    var interpolation: AntimeridianConfig.Interpolation
    var expected: PolygonalGeometry
    var testDescription: String { "\(name) (\(interpolation.rawValue))" }

    static let splitParts = flat([
        [[170, 40, 180, 40, 180, 50, 170, 50, 170, 40]], [[-180, 40, -170, 40, -170, 50, -180, 50, -180, 40]],
    ])

    /// The package's "great-circle" input, which is wound clockwise (the package rewinds it, with
    /// a warning), given counter-clockwise: a clockwise ring across ±180 is refused here.
    static let greatCircleInput = flat([
        [reversed([179.75, -66.5, 178.3, -66, 179.45, -65.5, -179.1, -66, 179.75, -66.5])]
    ])

    static let all: [PackageCase] = [
        PackageCase(
            name: "simple", input: flat([[[100, 40, 100, 50, 90, 50, 90, 40, 100, 40]]]), interpolation: .greatCircle,
            expected: flat([[[100, 40, 100, 50, 90, 50, 90, 40, 100, 40]]])),
        PackageCase(
            name: "split", input: flat([[[170, 40, -170, 40, -170, 50, 170, 50, 170, 40]]]), interpolation: .linear,
            expected: splitParts),
        // The package's "cw-split" (a clockwise ring across ±180) is refused here:
        // aClockwiseExteriorThatCrossesIsRefused.
        // Longitudes beyond 180: the same ring drawn on past the meridian.
        PackageCase(
            name: "split, drawn past 180", input: flat([[[170, 40, 190, 40, 190, 50, 170, 50, 170, 40]]]),
            interpolation: .linear,
            expected: splitParts),
        PackageCase(
            name: "crossing-latitude", input: flat([[[170, 40, -170, 50, -170, 60, 170, 50, 170, 40]]]),
            interpolation: .linear,
            expected: flat([
                [[170, 40, 180, 45, 180, 55, 170, 50, 170, 40]], [[-180, 45, -170, 50, -170, 60, -180, 55, -180, 45]],
            ])),
        PackageCase(
            name: "crossing-latitude", input: flat([[[170, 40, -170, 50, -170, 60, 170, 50, 170, 40]]]),
            interpolation: .greatCircle,
            expected: flat([
                [[180, 56.0338933, 170, 50, 170, 40, 180, 45.8769944, 180, 56.0338933]],
                [[-180, 45.8769944, -170, 50, -170, 60, -180, 56.0338933, -180, 45.8769944]],
            ])),
        PackageCase(
            name: "one-hole",
            input: flat([
                [[170, 40, -170, 40, -170, 60, 170, 60, 170, 40], [175, 45, 175, 55, -175, 55, -175, 45, 175, 45]]
            ]),
            interpolation: .greatCircle,
            expected: flat([
                [
                    [
                        180, 45.1092215, 175, 45, 175, 55, 180, 55.1025678, 180, 60.3783481, 170, 60, 170, 40, 180,
                        40.4324611, 180, 45.1092215,
                    ]
                ],
                [
                    [
                        -180, 55.1025678, -175, 55, -175, 45, -180, 45.1092215, -180, 40.4324611, -170, 40, -170, 60,
                        -180, 60.3783481, -180, 55.1025678,
                    ]
                ],
            ])),
        PackageCase(
            name: "two-holes",
            input: flat([
                [
                    [160, 40, -170, 40, -170, 60, 160, 60, 160, 40], [175, 45, 175, 55, -175, 55, -175, 45, 175, 45],
                    [165, 45, 165, 55, 170, 55, 170, 45, 165, 45],
                ]
            ]),
            interpolation: .greatCircle,
            expected: flat([
                [
                    [
                        180, 45.1092215, 175, 45, 175, 55, 180, 55.1025678, 180, 60.7595588, 160, 60, 160, 40, 180,
                        40.8727222, 180, 45.1092215,
                    ],
                    [165, 45, 165, 55, 170, 55, 170, 45, 165, 45],
                ],
                [
                    [
                        -180, 55.1025678, -175, 55, -175, 45, -180, 45.1092215, -180, 40.8727222, -170, 40, -170, 60,
                        -180, 60.7595588, -180, 55.1025678,
                    ]
                ],
            ])),
        PackageCase(
            name: "complex-split",
            input: flat([
                [
                    [
                        170, 40, -170, 40, -170, 42, 175, 42, 175, 44, -170, 44, -170, 50, 170, 50, 170, 48, -175, 48,
                        -175, 46, 170, 46, 170, 40,
                    ]
                ]
            ]),
            interpolation: .linear,
            expected: flat([
                [[170, 40, 180, 40, 180, 42, 175, 42, 175, 44, 180, 44, 180, 46, 170, 46, 170, 40]],
                [[170, 48, 180, 48, 180, 50, 170, 50, 170, 48]],
                [[-180, 40, -170, 40, -170, 42, -180, 42, -180, 40]],
                [[-180, 44, -170, 44, -170, 50, -180, 50, -180, 48, -175, 48, -175, 46, -180, 46, -180, 44]],
            ])),
        PackageCase(
            name: "great-circle",
            input: greatCircleInput,
            interpolation: .greatCircle,
            expected: flat([
                [[180, -65.6935642, 179.45, -65.5, 178.3, -66, 179.75, -66.5, 180, -66.3937, 180, -65.6935642]],
                [[-180, -66.3937, -179.1, -66, -180, -65.6935642, -180, -66.3937]],
            ])),
        PackageCase(
            name: "great-circle",
            input: greatCircleInput,
            interpolation: .linear,
            expected: flat([
                [
                    [
                        179.75, -66.5, 178.3, -66, 179.45, -65.5, 180, -65.689655172413794, 180, -66.391304347826093,
                        179.75, -66.5,
                    ]
                ],
                [[-179.1, -66, -180, -66.391304347826093, -180, -65.689655172413794, -179.1, -66]],
            ])),
        PackageCase(
            name: "multi-split",
            input: flat([
                [[170, 40, -170, 40, -170, 50, 170, 50, 170, 40]],
                [[170, -40, 170, -50, -170, -50, -170, -40, 170, -40]],
            ]),
            interpolation: .linear,
            expected: flat([
                [[170, 40, 180, 40, 180, 50, 170, 50, 170, 40]], [[-180, 40, -170, 40, -170, 50, -180, 50, -180, 40]],
                [[170, -50, 180, -50, 180, -40, 170, -40, 170, -50]],
                [[-180, -50, -170, -50, -170, -40, -180, -40, -180, -50]],
            ])),
        // Already split at the meridian (RFC 7946 §3.1.9): parts touch ±180 and stay as they are.
        PackageCase(
            name: "over-180",
            input: flat([
                [[170, 40, 170, 50, 180, 50, 180, 40, 170, 40]], [[-170, 50, -170, 40, -180, 40, -180, 50, -170, 50]],
            ]),
            interpolation: .greatCircle,
            expected: flat([
                [[170, 40, 170, 50, 180, 50, 180, 40, 170, 40]], [[-170, 50, -170, 40, -180, 40, -180, 50, -170, 50]],
            ])),
        PackageCase(
            name: "point-on-antimeridian",
            input: flat([
                [
                    [
                        -176.88248512, -12.82925277, -173.71026732, -14.73835555, -176.78115373, -18.58572933, -180,
                        -15.7250416, -176.88248512, -12.82925277,
                    ]
                ]
            ]),
            interpolation: .greatCircle,
            expected: flat([
                [
                    [
                        -176.88248512, -12.82925277, -173.71026732, -14.73835555, -176.78115373, -18.58572933, -180,
                        -15.7250416, -176.88248512, -12.82925277,
                    ]
                ]
            ])),
        // An edge along the meridian written from 180 to −180: on one side, not a crossing.
        PackageCase(
            name: "issues-81", input: flat([[[166, 77, 180, 78, -180, 81, 162, 81, 166, 77]]]),
            interpolation: .greatCircle,
            expected: flat([[[166, 77, 180, 78, 180, 81, 162, 81, 166, 77]]])),
    ]
}

@Suite struct AntimeridianSplitTests {
    @Test(arguments: PackageCase.all)
    func matchesTheAntimeridianPackage(_ c: PackageCase) throws {
        let context = try GEOSContext()
        let out = try AntimeridianSplit(interpolation: c.interpolation)(c.input)
        #expect(out.polygonCount == c.expected.polygonCount)
        #expect(out.ringCount == c.expected.ringCount)
        #expect(sameVertexSet(out, c.expected, tolerance: 1.5e-7), "\(out.coordinates)")
        // The package's latitudes are rounded to 7 decimals: slivers up to 5e-8° wide along edges.
        #expect(try symmetricDifferenceArea(out, c.expected, context: context) < 1e-7 * perimeter(c.expected))
        #expect(try geosInvalidity(out, context: context) == nil)
        #expect(partsWiderThanHalfTheGlobe(out).isEmpty)
    }

    @Test func shapesThatDoNotCrossAreReturnedUntouched() throws {
        // Touching ±180 from both sides, and parts on both sides (Alaska's trap): nothing to do.
        let touching = flat([
            [[170, 40, 180, 40, 180, 50, 170, 50, 170, 40]], [[-180, 40, -170, 40, -170, 50, -180, 50, -180, 40]],
        ])
        let bothSides = flat([[square(172, 51, 1)], [square(-131, 55, 1)]])
        for g in [touching, bothSides] {
            #expect(!AntimeridianSplit.isNeeded(for: g))
            #expect(try AntimeridianSplit(interpolation: .greatCircle)(g) == g)
        }
    }

    /// A clockwise exterior that crosses reads two ways: the area it outlines (the antimeridian
    /// package rewinds it so by default, with a warning: its "cw-split" case) or, as wound, the
    /// rest of the globe round both poles (the package with `fix_winding=False`). Refused where
    /// it first crosses. Counter-clockwise, it splits.
    @Test func aClockwiseExteriorThatCrossesIsRefused() throws {
        let ccw = [170.0, 40, -170, 40, -170, 50, 170, 50, 170, 40]
        let split = AntimeridianSplit(interpolation: .greatCircle)
        #expect(try split(flat([[ccw]])).polygonCount == 2)
        #expect(throws: AntimeridianError.clockwiseCrossing(ring: 0, position: 2)) {
            try split(flat([[reversed(ccw)]]))
        }
        let error = AntimeridianError.clockwiseCrossing(ring: 0, position: 2)
        #expect("\(error)".contains("the area it outlines") && "\(error)".contains("round both poles"))
        // A clockwise ring past 180 that does not cross is rewound, as any clockwise ring.
        let beyond = try split(flat([[reversed([181.0, 40, 182, 40, 182, 41, 181, 41, 181, 40])]]))
        #expect(beyond.polygonCount == 1)
    }

    @Test func aHoleThatCrossesCutsBothSides() throws {
        // One-hole with the hole written clockwise and the exterior counter-clockwise:
        // each side keeps a notch where the hole was, and the area is the ring's less the hole's.
        let exterior = [170.0, 40, -170, 40, -170, 60, 170, 60, 170, 40]
        let hole = [175.0, 45, 175, 55, -175, 55, -175, 45, 175, 45]
        let out = try AntimeridianSplit(interpolation: .linear)(flat([[exterior, hole]]))
        #expect(out.polygonCount == 2)
        #expect(out.ringCount == 2)  // the hole became part of each side's outline
        #expect(abs(planarArea(out) - (20 * 20 - 10 * 10)) < 1e-9)
        #expect(try geosInvalidity(out, context: GEOSContext()) == nil)
    }

    @Test(arguments: [
        // north-pole: a ring round the north pole, crossing once.
        (
            name: "north-pole", ring: [45.0, 40, 135, 40, -135, 40, -45, 40, 45, 40], crossings: 1,
            pole: AntimeridianError.Pole.north, position: 2
        ),
        // south-pole, the same drawn the other way round in the south.
        (
            name: "south-pole", ring: [45.0, -40, -45, -40, -135, -40, 135, -40, 45, -40], crossings: 1, pole: .south,
            position: 3
        ),
        // extra-crossing: three crossings, one more eastward than westward.
        (
            name: "extra-crossing",
            ring: [40.0, 45, 175, 0, -175, -5, -170, -50, -175, -75, 175, -76, -175, -77, -150, -30, -30, 20, 40, 45],
            crossings: 3, pole: .south, position: 2
        ),
        // Drawn continuously past 180 all the way round: no jump at all, still round the pole.
        (
            name: "round the pole past 180", ring: [0.0, 70, 120, 70, 240, 70, 360, 70, 0, 70], crossings: 1,
            pole: .north, position: 2
        ),
    ])
    func aRingRoundAPoleIsRefused(
        name: String, ring: [Double], crossings: Int, pole: AntimeridianError.Pole, position: Int
    ) throws {
        let g = flat([[square(0, 0, 1)], [ring]])
        #expect(throws: AntimeridianError.self) { try AntimeridianSplit(interpolation: .greatCircle)(g) }
        do {
            _ = try AntimeridianSplit(interpolation: .greatCircle)(g)
        } catch .enclosesPole(let r, let at, let n, let net, let which) {
            #expect(r == 1)
            #expect(at == position)
            #expect(n == crossings)
            #expect(abs(net) == 1)
            #expect(which == pole)
            #expect(
                "\(AntimeridianError.enclosesPole(ring: r, position: at, crossings: n, net: net, pole: which))"
                    .contains(
                        "crosses the antimeridian an odd number of times (\(crossings)) and so goes round the \(pole) pole"
                    ))
        }
    }
}
