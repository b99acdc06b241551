"""The shapely peer of `make bench-lookup`: STRtree + contains_xy on the same points.

usage: lookup_shapely.py ARTIFACT.geojson.gz POINTS [ZONECTL_ANSWERS]

Builds an STRtree over the city's polygons (each MultiPolygon split into its parts, prepared),
then times, on one thread, the vectorised lookup of every `lon,lat` line of POINTS:
`tree.query(points)` for the candidate pairs, `shapely.contains_xy` on them, and the first
covering style per point (best of RUNS_SHAPELY, default 3). Prints one `shapely:` line with
lookups/s. With ZONECTL_ANSWERS (one style or `-` a line, from zonectl-bench lookup --answers),
also prints how many answers differ among the points farther than 1e-7 degrees from a border.
"""
import gzip
import json
import os
import sys
import time

import numpy as np
import shapely
from shapely.geometry import shape


def main():
    with gzip.open(sys.argv[1], "rt", encoding="utf-8") as f:
        features = json.load(f)["features"]
    polygons, owners, styles = [], [], []
    for k, feature in enumerate(features):
        styles.append(feature["properties"].get("style") or "-")
        for part in shapely.get_parts(shape(feature["geometry"])):
            polygons.append(part)
            owners.append(k)
    polygons = np.array(polygons, dtype=object)
    owners = np.array(owners)
    points_xy = np.loadtxt(sys.argv[2], delimiter=",", dtype=np.float64, ndmin=2)
    x, y = points_xy[:, 0].copy(), points_xy[:, 1].copy()

    start = time.perf_counter()
    shapely.prepare(polygons)
    tree = shapely.STRtree(polygons)
    built = time.perf_counter() - start

    best = float("inf")
    answer = None
    for _ in range(int(os.environ.get("RUNS_SHAPELY", "3"))):
        start = time.perf_counter()
        points = shapely.points(x, y)
        which, candidate = tree.query(points)
        hit = shapely.contains_xy(polygons[candidate], x[which], y[which])
        zone = np.full(len(x), -1)
        zone[which[hit]] = owners[candidate[hit]]
        best = min(best, time.perf_counter() - start)
        answer = zone
    print(
        f"shapely: {len(x)} points ({int((answer >= 0).sum())} in a zone), STRtree of {len(polygons)} polygons "
        f"built in {built * 1000:.1f} ms, best pass {best:.3f} s: {len(x) / best / 1e6:.3f} M lookups/s on one core"
    )
    if len(sys.argv) > 3:
        with open(sys.argv[3], encoding="utf-8") as f:
            zonectl = [line.strip() for line in f]
        borders = shapely.union_all([p.boundary for p in polygons])
        shapely.prepare(borders)
        far = ~shapely.dwithin(borders, shapely.points(x, y), 1e-7)
        differ = sum(
            1 for k in np.nonzero(far)[0] if zonectl[k] != (styles[answer[k]] if answer[k] >= 0 else "-")
        )
        print(f"agreement: {int(far.sum())} points farther than 1e-7 deg from a border, {differ} answers differ")


if __name__ == "__main__":
    main()
