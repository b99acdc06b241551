#!/usr/bin/env python3
"""The peer of `make bench-points`: pysupercluster-rust (PyPI; a Rust port of mapbox/supercluster),
one instance per city, on the same points and parameters as zonectl (radius 60, extent 512,
min_points 2, zooms 0..16). Reading the GeoJSON is not timed; `load` (the clustering) is.

usage: peer_pysupercluster.py DIR   -> one line of JSON: points, cities, load_s
"""
import glob
import json
import os
import sys
import time

import pysupercluster


def main():
    total, cities, load = 0, 0, 0.0
    for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.geojson"))):
        with open(path) as f:
            features = json.load(f)["features"]
        index = pysupercluster.PySupercluster(min_zoom=0, max_zoom=16, min_points=2, radius=60.0, extent=512.0)
        start = time.perf_counter()
        index.load(features)
        load += time.perf_counter() - start
        total += len(features)
        cities += 1
    print(json.dumps({"points": total, "cities": cities, "load_s": round(load, 3)}))


if __name__ == "__main__":
    main()
