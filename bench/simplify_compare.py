"""Measures simplified zone geometry against its input; used by bench/simplify-compare.sh.

usage: simplify_compare.py WORK TOLERANCE...

WORK holds base/<city>.geojson (the input both tools simplified), and per tolerance T
zonectl-T/<city>.geojson and ogr-T/<city>.geojson. Every city is measured in its own local
frame (equirectangular around its centre, metres). Per city and tool:

* vertices: positions written (closing positions included);
* invalid: features GEOS finds invalid;
* overlap m²: summed area shared by two features (neighbouring styles must share none);
* gap m²: area covered in the input but by no feature after simplification, away from the
  city's outer edge: (input union shrunk by T + 0.2 m) minus the output union. Simplifying
  the outer edge moves it by up to T, which is not a gap between neighbours;
* lost / added m²: the plain differences of the covered area (input union minus output union,
  and the reverse), outer edge included;
* Hausdorff m: the largest distance between a feature's boundary before and after (vertices and
  segment midpoints of each boundary against the other's segments).
"""
import json
import math
import sys

import numpy as np
import shapely

R = 6371008.8
K = R * math.pi / 180


def load(path):
    features = json.load(open(path, encoding="utf-8"))["features"]
    out = {}
    for f in features:
        if f.get("geometry"):
            out[f["properties"].get("style", "?")] = shapely.from_geojson(json.dumps(f["geometry"]))
    return out


def frame(geometries):
    box = shapely.total_bounds(list(geometries))
    lon0, lat0 = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    kx = K * math.cos(math.radians(lat0))
    return lambda g: shapely.transform(g, lambda c: np.column_stack([(c[:, 0] - lon0) * kx, (c[:, 1] - lat0) * K]))


def segments(boundary):
    lines = [g for g in shapely.get_parts(boundary) if not g.is_empty]
    starts, ends = [], []
    for line in lines:
        c = shapely.get_coordinates(line)
        starts.append(c[:-1])
        ends.append(c[1:])
    if not starts:
        return np.empty((0, 2)), np.empty((0, 2))
    return np.concatenate(starts), np.concatenate(ends)


def one_sided(a, b):
    """Largest distance from the vertices and segment midpoints of boundary a to boundary b."""
    s, e = segments(a)
    if len(s) == 0:
        return 0.0
    points = shapely.points(np.concatenate([s, (s + e) / 2]))
    bs, be = segments(b)
    if len(bs) == 0:
        return math.inf
    tree = shapely.STRtree(shapely.linestrings(np.stack([bs, be], axis=1)))
    _, d = tree.query_nearest(points, return_distance=True, all_matches=False)
    return float(d.max())


def hausdorff(a, b):
    if a.is_empty and b.is_empty:
        return 0.0
    return max(one_sided(a.boundary, b.boundary), one_sided(b.boundary, a.boundary))


def measure(base, out, to_metres, tolerance):
    """Measures for one city and tool."""
    styles = sorted(out)
    g = {s: to_metres(out[s]) for s in styles}
    b = {s: to_metres(base[s]) for s in base}
    invalid = sum(1 for s in styles if not shapely.is_valid(g[s]))
    fixed = {s: g[s] if shapely.is_valid(g[s]) else shapely.make_valid(g[s]) for s in styles}
    overlap = 0.0
    for i, s in enumerate(styles):
        for t in styles[i + 1:]:
            overlap += shapely.area(shapely.intersection(fixed[s], fixed[t]))
    union_base = shapely.union_all(list(b.values()))
    union_out = shapely.union_all(list(fixed.values()))
    inner = shapely.buffer(union_base, -(tolerance + 0.2))
    return {
        "vertices": int(sum(shapely.get_num_coordinates(out[s]) for s in styles)),
        "invalid": invalid,
        "overlap": overlap,
        "gap": shapely.area(shapely.difference(inner, union_out)),
        "lost": shapely.area(shapely.difference(union_base, union_out)),
        "added": shapely.area(shapely.difference(union_out, union_base)),
        "hausdorff": max([hausdorff(b[s], g.get(s, shapely.Polygon())) for s in b] or [0.0]),
    }


def main():
    work, tolerances = sys.argv[1], sys.argv[2:]
    import os
    cities = sorted(f[:-len(".geojson")] for f in os.listdir(f"{work}/base") if f.endswith(".geojson"))
    for t in tolerances:
        tolerance = float(t)
        rows = []
        for city in cities:
            base = load(f"{work}/base/{city}.geojson")
            to_metres = frame(base.values())
            row = {"city": city, "base": int(sum(shapely.get_num_coordinates(g) for g in base.values()))}
            for tool in ("zonectl", "ogr"):
                row[tool] = measure(base, load(f"{work}/{tool}-{t}/{city}.geojson"), to_metres, tolerance)
            rows.append(row)
        total = {"city": "TOTAL", "base": sum(r["base"] for r in rows)}
        for tool in ("zonectl", "ogr"):
            total[tool] = {k: (max if k == "hausdorff" else sum)(r[tool][k] for r in rows) for k in rows[0][tool]}
        print(f"\n== tolerance {t} m: zonectl (shared arcs) | ogr2ogr -simplify (per feature); areas in m², distances in m")
        header = (f"{'city':<20}{'input':>8} {'vertices':>15} {'invalid':>7} {'overlap m²':>19} {'gap m²':>19}"
                  f" {'lost m²':>21} {'added m²':>19} {'Hausdorff m':>13}")
        print(header)
        print("-" * len(header))
        for r in rows + [total]:
            z, o = r["zonectl"], r["ogr"]
            print(f"{r['city']:<20}{r['base']:>8} {z['vertices']:>7}|{o['vertices']:<7} {z['invalid']:>3}|{o['invalid']:<3}"
                  f" {z['overlap']:>9.2f}|{o['overlap']:<9.2f} {z['gap']:>9.2f}|{o['gap']:<9.2f}"
                  f" {z['lost']:>10.1f}|{o['lost']:<10.1f} {z['added']:>9.1f}|{o['added']:<9.1f}"
                  f" {z['hausdorff']:>6.3f}|{o['hausdorff']:<6.3f}")


if __name__ == "__main__":
    main()
