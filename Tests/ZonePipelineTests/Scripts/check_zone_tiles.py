#!/usr/bin/env python3
"""Checks the zones layer of a PMTiles archive with readers zonectl did not write (PyPI pmtiles,
mapbox-vector-tile, shapely) against the zones it was made from, and prints what it found as JSON.

usage: check_zone_tiles.py ARCHIVE ZONES.geojson MIN_ZOOM MAX_ZOOM BUFFER

ZONES.geojson: one feature per (city, style), lon/lat. Output:
{"tiles": n, "features": n, "invalid": [...], "winding": [...], "missing": ["city/style@z", ...] (no area inside any tile of z),
 "area_error": {"city/style": |union at MAX_ZOOM xor zone| / zone area}, "seams": [...],
 "seam_pairs": n}
"""
import gzip
import json
import math
import sys

import mapbox_vector_tile
import shapely
import shapely.affinity
from pmtiles.reader import MmapSource, Reader, all_tiles
from shapely.geometry import box, shape
from shapely.ops import transform, unary_union


def shoelace(ring):
    # Twice the signed area, as MVT measures it (y down: positive for an exterior ring).
    return sum(ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1] for i in range(len(ring) - 1))


def polygons(geometry):
    return [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]


def main():
    path, zones_path = sys.argv[1], sys.argv[2]
    min_zoom, max_zoom, buffer = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    with open(zones_path) as f:
        zones = {
            (z["properties"]["city"], z["properties"]["style"]): shape(z["geometry"]) for z in json.load(f)["features"]
        }
    out = {"tiles": 0, "features": 0, "invalid": [], "winding": [], "missing": [], "area_error": {}, "seams": []}
    seen = set()
    tiles = {}  # (z, x, y) -> {(city, style): shapely geometry in tile units}
    top = {}  # (city, style) -> pieces at max_zoom in lon/lat
    with open(path, "rb") as f:
        source = MmapSource(f)
        header = Reader(source).header()
        gz = header["tile_compression"].value == 2
        for (z, x, y), data in all_tiles(source):
            data = gzip.decompress(data) if gz else data
            decoded = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
            layer = decoded.get("zones")
            if layer is None:
                continue
            out["tiles"] += 1
            extent = layer["extent"]
            here = {}
            for feature in layer["features"]:
                out["features"] += 1
                key = (feature["properties"]["city"], feature["properties"]["style"])
                name = f"{key[0]}/{key[1]}@{z}/{x}/{y}"
                for polygon in polygons(feature["geometry"]):
                    if shoelace(polygon[0]) <= 0 or any(shoelace(h) >= 0 for h in polygon[1:]):
                        out["winding"].append(name)
                        break
                g = shape(feature["geometry"])
                if not g.is_valid:
                    out["invalid"].append(f"{name}: {shapely.is_valid_reason(g)}")
                    g = g.buffer(0)
                here[key] = g
                # A zone is there when it has area in the tile itself, not only in the buffer.
                if g.intersection(box(0, 0, extent, extent)).area > 0:
                    seen.add((key, z))
                if z == max_zoom:
                    own = g.intersection(box(0, 0, extent, extent))
                    world = extent * 2**z

                    def lonlat(px, py, z=z, x=x, y=y):
                        wx = [(x * extent + a) / world for a in px]
                        wy = [(y * extent + b) / world for b in py]
                        lon = [a * 360 - 180 for a in wx]
                        lat = [math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * b)))) for b in wy]
                        return lon, lat

                    top.setdefault(key, []).append(transform(lambda px, py: lonlat(px, py), own))
            tiles[(z, x, y)] = (extent, here)
    for key in zones:
        for z in range(min_zoom, max_zoom + 1):
            if (key, z) not in seen:
                out["missing"].append(f"{key[0]}/{key[1]}@{z}")
    for key, zone in zones.items():
        union = unary_union(top.get(key, []))
        out["area_error"][f"{key[0]}/{key[1]}"] = union.symmetric_difference(zone).area / zone.area
    # Neighbours agree along their common edge: within half the buffer of it, each (city, style)
    # covers the same ground in both tiles.
    pairs = 0
    for (z, x, y), (extent, here) in tiles.items():
        for dx, dy in ((1, 0), (0, 1)):
            other = tiles.get((z, x + dx, y + dy))
            if other is None:
                continue
            pairs += 1
            h = buffer / 2
            band = box(extent - h, -h, extent + h, extent + h) if dx else box(-h, extent - h, extent + h, extent + h)
            for key in set(here) | set(other[1]):
                a = here.get(key, shapely.Polygon()).intersection(band)
                b = other[1].get(key, shapely.Polygon())
                b = shapely.affinity.translate(b, extent * dx, extent * dy).intersection(band)
                if a.symmetric_difference(b).area > 1e-6:
                    out["seams"].append(f"{key[0]}/{key[1]}@{z}/{x}/{y}+{dx},{dy}")
    out["seam_pairs"] = pairs
    json.dump(out, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main()
