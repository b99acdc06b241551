"""Independent check of the geometry stage's output against shapely (GEOS via Python).

usage: check_geometry.py MANIFEST_JSON

The manifest (written by GeometryStageRealCitiesTests) names runs; each run has an overlap
priority list and, per city, the input zone file and zonectl's output as a FeatureCollection
(one feature per style, properties city and style). For every run and city this prints:

* invalid: output features shapely finds invalid (style: reason);
* overlaps: the pairs of output styles whose interiors meet (relate pattern T********), with
  the area they share; overlap_m2 the sum, in m² (planar area in degrees scaled by
  (R·π/180)²·cos(latitude) at the shared part's centroid);
* a point-in-polygon comparison with a reference built here: each input polygon made valid
  (make_valid, method 'structure', keep_collapsed False: what zonectl asks GEOS for), unioned
  per style, then carved in priority order (listed styles first, the rest by name; each style
  minus the union of the styles above it). N random points (numpy, seeded by the city name)
  in the reference's bounding box are kept when farther than 2 grid cells from every
  reference boundary; for each kept point the style holding it (or none) must be the same in
  the reference and in zonectl's output;
* symdiff_deg2 / band_deg2: the area where output and reference differ, summed over styles,
  and the reference boundary length times one grid cell. Snap rounding moves a border by at
  most half a cell diagonal, so the difference must fit in that band.

Prints one JSON object: {"shapely": ..., "geos": ..., "make_valid": ..., "runs": {run: {city: {...}}}}.
"""
import concurrent.futures
import json
import math
import os
import sys
import zlib

import numpy as np
import shapely
from shapely.geometry import Polygon

R = 6378137.0
M_PER_DEG = R * math.pi / 180


def make_valid(geometry):
    try:
        fixed = shapely.make_valid(geometry, method="structure", keep_collapsed=False)
        return fixed, "structure"
    except TypeError:  # shapely < 2.1: only the default (linework) method
        return shapely.make_valid(geometry), "linework (default; shapely < 2.1)"


def polygonal(geometry):
    """The polygons of a valid overlay or repair result (lines and points left out)."""
    if geometry.geom_type in ("Polygon", "MultiPolygon"):
        return geometry
    parts = [g for g in shapely.get_parts(geometry) if g.geom_type in ("Polygon", "MultiPolygon")]
    polygons = [p for g in parts for p in shapely.get_parts(g)]
    return shapely.multipolygons(polygons) if polygons else Polygon()


def read_geometries(path):
    """(properties, geometry) of each feature with a Polygon or MultiPolygon, in file order."""
    text = open(path, encoding="utf-8").read()
    features = json.loads(text)["features"]
    # GEOS reads the whole collection at once (much faster than shapely.geometry.shape);
    # features without geometry would shift the order, so those files go one by one.
    if all(f.get("geometry") for f in features):
        geometries = shapely.get_geometry(shapely.from_geojson(text), range(len(features)))
    else:
        geometries = [shapely.from_geojson(json.dumps(f["geometry"])) if f.get("geometry") else None for f in features]
    return [(f["properties"], g) for f, g in zip(features, geometries)
            if g is not None and g.geom_type in ("Polygon", "MultiPolygon")]


def load_reference_unions(path, method_used):
    """Style -> union of the input polygons of that style, each made valid first."""
    polygons = {}
    for properties, geometry in read_geometries(path):
        for polygon in shapely.get_parts(geometry):
            fixed, method = make_valid(polygon)
            method_used.add(method)
            polygons.setdefault(properties["style"], []).append(polygonal(fixed))
    return {style: shapely.union_all(parts) for style, parts in polygons.items()}


def priority_order(styles, priority):
    return sorted(styles, key=lambda s: (priority.index(s) if s in priority else len(priority), s))


def carve(unions, order):
    carved, above = {}, None
    for style in order:
        g = unions[style]
        carved[style] = polygonal(g if above is None else shapely.difference(g, above))
        above = g if above is None else shapely.union(above, g)
    return carved


def square_metres(area_deg2, latitude):
    return area_deg2 * M_PER_DEG * M_PER_DEG * math.cos(math.radians(latitude))


def check_city(city, unions, output_path, priority, grid, count):
    output = {properties["style"]: g for properties, g in read_geometries(output_path)}
    result = {"invalid": [], "overlap_m2": 0.0, "overlaps": []}

    for style, g in output.items():
        if not g.is_valid:
            result["invalid"].append(f"{style}: {shapely.is_valid_reason(g)}")

    # Overlap: pairs whose interiors meet (an exact relate test), and by how much.
    styles = sorted(output)
    for g in output.values():
        shapely.prepare(g)
    for i, a in enumerate(styles):
        for b in styles[i + 1:]:
            if shapely.relate_pattern(output[a], output[b], "T********"):
                shared = polygonal(shapely.intersection(output[a], output[b]))
                m2 = square_metres(shared.area, shared.centroid.y) if not shared.is_empty else 0.0
                result["overlap_m2"] += m2
                result["overlaps"].append(f"{a} & {b}: {m2:.6g} m2")

    order = priority_order(unions.keys(), priority)
    reference = carve(unions, order)

    # Where output and reference differ, against the band snapping may move borders in.
    symdiff, band = 0.0, 0.0
    for style in order:
        out = output.get(style, Polygon())
        symdiff += shapely.symmetric_difference(out, reference[style]).area
        band += reference[style].boundary.length * grid
    result["symdiff_deg2"] = symdiff
    result["band_deg2"] = band

    west, south, east, north = shapely.total_bounds(list(unions.values()))
    rng = np.random.default_rng(zlib.crc32(city.encode("utf-8")))
    xs = rng.uniform(west, east, count)
    ys = rng.uniform(south, north, count)
    points = shapely.points(xs, ys)
    near = np.zeros(count, dtype=bool)
    for g in reference.values():
        boundary = g.boundary
        shapely.prepare(boundary)
        near |= shapely.dwithin(boundary, points, 2 * grid)

    def answers(geometries):
        """Index in `names` of the style holding each point; -1 none, -2 several."""
        code = np.full(count, -1)
        for index, name in enumerate(names):
            g = geometries.get(name)
            if g is None or g.is_empty:
                continue
            shapely.prepare(g)
            inside = shapely.contains_xy(g, xs, ys)
            code = np.where(inside & (code != -1), -2, np.where(inside, index, code))
        return code

    names = order + sorted(set(output) - set(order))
    expected, actual = answers(reference), answers(output)
    kept = ~near
    wrong = np.nonzero(kept & (expected != actual))[0]
    label = lambda c: "none" if c == -1 else "several" if c == -2 else names[c]
    result["points"] = int(kept.sum())
    result["inside"] = int((kept & (expected >= 0)).sum())
    result["reference_several"] = int((expected == -2).sum())
    result["mismatches"] = int(len(wrong))
    result["examples"] = [
        f"({float(xs[i])!r}, {float(ys[i])!r}): reference {label(expected[i])}, zonectl {label(actual[i])}" for i in wrong[:5]
    ]
    return result


def check_input(task):
    """Every run's check of one input file: (method used, [(run, city, result)])."""
    path, entries, grid, count = task
    method_used = set()
    unions = load_reference_unions(path, method_used)
    results = [(run, city, check_city(city, unions, output, priority, grid, count))
               for run, city, output, priority in entries]
    return method_used, results


def main():
    manifest = json.load(open(sys.argv[1], encoding="utf-8"))
    grid, count = manifest["grid"], manifest["points"]
    by_input = {}
    for run in manifest["runs"]:
        for entry in run["cities"]:
            by_input.setdefault(entry["input"], []).append((run["name"], entry["city"], entry["output"], run["priority"]))
    # Largest files first, on as many processes as there are cores (at most 4).
    tasks = sorted(((path, entries, grid, count) for path, entries in by_input.items()),
                   key=lambda t: -os.path.getsize(t[0]))
    workers = max(1, min(4, os.cpu_count() or 1))
    if workers == 1:
        done = map(check_input, tasks)
    else:
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers)
        done = pool.map(check_input, tasks)
    report = {"shapely": shapely.__version__, "geos": shapely.geos_version_string,
              "runs": {run["name"]: {} for run in manifest["runs"]}}
    methods = set()
    for method_used, results in done:
        methods |= method_used
        for run, city, result in results:
            report["runs"][run][city] = result
    report["make_valid"] = sorted(methods)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
