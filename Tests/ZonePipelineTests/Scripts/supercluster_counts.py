#!/usr/bin/env python3
"""Cluster counts per zoom from pysupercluster (PyPI pysupercluster-rust, a Rust port of
mapbox/supercluster), the peer zonectl's point clustering is checked against.

usage: supercluster_counts.py RADIUS EXTENT MIN_POINTS MAX_ZOOM FILE.geojson...

Loads each file's features in file order into one instance and prints one JSON object:
{file: [[features, clusters] for zoom 0..MAX_ZOOM]}.
"""
import json
import sys

import pysupercluster


def main():
    radius, extent = float(sys.argv[1]), float(sys.argv[2])
    min_points, max_zoom = int(sys.argv[3]), int(sys.argv[4])
    out = {}
    for path in sys.argv[5:]:
        with open(path) as f:
            features = json.load(f)["features"]
        index = pysupercluster.PySupercluster(
            min_zoom=0, max_zoom=max_zoom, min_points=min_points, radius=radius, extent=extent)
        index.load(features)
        counts = []
        for z in range(max_zoom + 1):
            items = index.get_clusters([-180, -90, 180, 90], z)
            counts.append([len(items), sum(1 for i in items if i["properties"].get("cluster"))])
        out[path] = counts
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
