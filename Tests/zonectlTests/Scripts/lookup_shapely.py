"""Independent point-in-zone answers with shapely, for the lookup tests.

usage: lookup_shapely.py ARTIFACT.geojson.gz POINTS

POINTS has one `lon,lat` a line. Prints one line per point: the style of the zone that covers
it (shapely `covers`, so borders count as inside) or `-`, a space, and the point's distance in
degrees to the nearest zone border (so the caller can skip points too near a border to compare).
"""
import gzip
import json
import sys

import shapely
from shapely.geometry import shape


def main():
    with gzip.open(sys.argv[1], "rt", encoding="utf-8") as f:
        collection = json.load(f)
    zones = [(feature["properties"].get("style"), shape(feature["geometry"])) for feature in collection["features"]]
    borders = shapely.union_all([geometry.boundary for _, geometry in zones])
    with open(sys.argv[2], encoding="utf-8") as f:
        points = [tuple(float(v) for v in line.split(",")) for line in f if line.strip()]
    for x, y in points:
        point = shapely.Point(x, y)
        style = next((s for s, geometry in zones if geometry.covers(point)), None)
        print(style if style is not None else "-", borders.distance(point))


if __name__ == "__main__":
    main()
