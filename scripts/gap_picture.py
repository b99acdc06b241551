#!/usr/bin/env python3
"""Draws one window of a city's artifact as SVG: every zone filled in its style colour, with
the window's gaps (places no zone covers) in white. Used for docs/commands/build.md's before/after
pictures of gap closing (make gap-pictures).

usage: gap_picture.py ARTIFACT.geojson.gz WEST,SOUTH,EAST,NORTH OUT.svg [TITLE]
"""
import gzip
import json
import math
import sys

COLOURS = {"parking": "#66bd63", "no-parking": "#d73027", "slow-zone": "#fdae61", "service-area": "#4575b4"}


def main():
    artifact, window, out = sys.argv[1], [float(v) for v in sys.argv[2].split(",")], sys.argv[3]
    title = sys.argv[4] if len(sys.argv) > 4 else ""
    west, south, east, north = window
    k = math.cos(math.radians((south + north) / 2))
    width = 480
    height = round(width * (north - south) / ((east - west) * k))

    def point(lon, lat):
        return f"{(lon - west) / (east - west) * width:.2f},{(north - lat) / (north - south) * height:.2f}"

    paths = []
    for feature in json.load(gzip.open(artifact))["features"]:
        style = feature["properties"].get("style", "")
        colour = COLOURS.get(style, "#999999")
        rings = [ring for polygon in feature["geometry"]["coordinates"] for ring in polygon]
        d = " ".join("M" + " L".join(point(lon, lat) for lon, lat in ring) + "Z" for ring in rings)
        paths.append(f'<path d="{d}" fill="{colour}" fill-opacity="0.8" stroke="#333" stroke-width="0.6" fill-rule="evenodd"/>')
    caption = f'<text x="6" y="{height - 8}" font-family="sans-serif" font-size="14">{title}</text>' if title else ""
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f'<rect width="{width}" height="{height}" fill="white"/>' + "".join(paths) + caption + "</svg>\n"
    )
    open(out, "w").write(svg)


if __name__ == "__main__":
    main()
