#!/usr/bin/env python3
"""The peer of `make bench-points`: pysupercluster-rust (PyPI; a Rust port of mapbox/supercluster),
one instance per city, on the same points and parameters as zonectl (radius 60, extent 512,
min_points 2, zooms 0..16).

usage: peer_pysupercluster.py DIR            -> one line of JSON: points, cities, load_s
       peer_pysupercluster.py --counts DIR   -> one line of JSON: {city: {"file": [...], "shuffled": [...]}},
                                                clusters (items with point_count > 1) per zoom 0..16

The first times `load` (the clustering; reading the GeoJSON is not timed). The second loads each
city's features in file order and shuffled (seed 7) and counts the clusters of every zoom
(get_clusters over the whole world), what bench/points_order.py compares zonectl's with.
"""
import glob
import json
import os
import random
import sys
import time

import pysupercluster

MAX_ZOOM = 16


def index():
    return pysupercluster.PySupercluster(min_zoom=0, max_zoom=MAX_ZOOM, min_points=2, radius=60.0, extent=512.0)


def cities(folder):
    for path in sorted(glob.glob(os.path.join(folder, "*.geojson"))):
        with open(path) as f:
            yield os.path.basename(path)[: -len(".geojson")], json.load(f)["features"]


def clusters(features):
    peer = index()
    peer.load(features)
    return [sum(1 for item in peer.get_clusters([-180, -90, 180, 90], z) if item["properties"].get("cluster"))
            for z in range(MAX_ZOOM + 1)]


def main():
    if sys.argv[1] == "--counts":
        out = {}
        for city, features in cities(sys.argv[2]):
            shuffled = random.Random(7).sample(features, len(features))
            out[city] = {"file": clusters(features), "shuffled": clusters(shuffled)}
        print(json.dumps(out))
        return
    total, count, load = 0, 0, 0.0
    for _, features in cities(sys.argv[1]):
        peer = index()
        start = time.perf_counter()
        peer.load(features)
        load += time.perf_counter() - start
        total += len(features)
        count += 1
    print(json.dumps({"points": total, "cities": count, "load_s": round(load, 3)}))


if __name__ == "__main__":
    main()
