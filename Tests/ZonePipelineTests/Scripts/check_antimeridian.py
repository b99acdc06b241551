"""Independent check of zonectl's antimeridian split against shapely and the antimeridian package.

usage: check_antimeridian.py MANIFEST_JSON

The manifest (written by AntimeridianReferenceTests) lists cases. Each case names zonectl's
output (a GeoJSON geometry), optionally its bbox, and optionally an input geometry to split with
the reference package (gadomski/antimeridian, fix_shape with fix_winding=True and great_circle
as the case says) and a "truth" geometry to compare with. For each case this prints:

* invalid: shapely's reason when zonectl's output is invalid, else null;
* wide_parts: polygons of the output whose longitudes span more than 180 degrees;
* bbox_expected: the RFC 7946 section 5.2 box computed by brute force (every part's west edge
  tried as the box's west; the shortest box wins, one not through 180 on ties), by
  Tests/Scripts/geojson_boxes.py, which check_artifacts.py uses too;
* area: the output's planar area (degrees squared);
* reference_symdiff: area of the symmetric difference between the output and the package's
  result (both made valid first: the package can return invalid shapes), and reference_invalid,
  the package's own validity; truth_symdiff: the same against the truth geometry.

The package's input has its longitudes wrapped into [-180, 180] first: given longitudes beyond
180 in a hole, antimeridian 0.4 fails an assertion (it normalises exterior rings only).

Prints one JSON object: {"antimeridian": version, "shapely": version, "cases": {name: {...}}}.
"""
import json
import os
import sys
import warnings
from importlib.metadata import version

import antimeridian
import shapely
from shapely.geometry import mapping, shape

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Scripts"))
from geojson_boxes import parts, rfc7946_box  # noqa: E402


def wrapped(coordinates):
    if isinstance(coordinates[0], (int, float)):
        x = coordinates[0]
        if x < -180 or x > 180:
            x = (x + 180) % 360 - 180
        return [x] + list(coordinates[1:])
    return [wrapped(c) for c in coordinates]


def valid(g):
    return g if g.is_valid else shapely.make_valid(g)


def check(case):
    ours = shape(json.load(open(case["output"])))
    result = {
        "invalid": None if ours.is_valid else shapely.is_valid_reason(ours),
        "wide_parts": sum(1 for p in parts(ours) if max(x for x, _ in p.exterior.coords) - min(x for x, _ in p.exterior.coords) > 180),
        "bbox_expected": rfc7946_box(parts(ours)),
        "area": ours.area,
    }
    if "input" in case:
        geometry = json.load(open(case["input"]))
        geometry = dict(geometry, coordinates=wrapped(geometry["coordinates"]))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reference = shape(antimeridian.fix_shape(geometry, great_circle=case["great_circle"], fix_winding=True))
        result["reference_invalid"] = None if reference.is_valid else shapely.is_valid_reason(reference)
        result["reference_symdiff"] = valid(ours).symmetric_difference(valid(reference)).area
    if "truth" in case:
        truth = shape(json.load(open(case["truth"])))
        result["truth_symdiff"] = valid(ours).symmetric_difference(valid(truth)).area
    return result


def main():
    manifest = json.load(open(sys.argv[1]))
    report = {"antimeridian": version("antimeridian"), "shapely": shapely.__version__,
              "cases": {case["name"]: check(case) for case in manifest["cases"]}}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
