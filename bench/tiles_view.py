#!/usr/bin/env python3
"""What a phone's map view fetches: a PMTiles archive against the per-city GeoJSON artifacts.

usage: tiles_view.py ARCHIVE BUILD_DIR [--city CITY] [--zooms 11 14 16] [--width 390] [--height 844]

A view of WIDTH x HEIGHT pixels (MapLibre's logical pixels) centred on the centre of CITY's bbox
(default: the city whose zone artifact is the median by bytes), at each zoom. MapLibre draws
vector tiles 512 px wide, so at zoom z it asks for the tiles of zoom min(z, the archive's
max_zoom) that the view covers (overzooming past the maximum). Fetched from the archive:
the header, the root directory and the metadata (once), every leaf directory those tiles are
found through, and each tile's stored (compressed) bytes; ranges counted as requests. Against
it, the GeoJSON a client of the per-city files fetches for the same view: the city's zone
artifact and, per point layer of the city, its band file (zooms up to bandMaxZoom) or the
metatiles listed for that zoom that the view meets (compressed bytes, as the manifest gives them).
Prints one JSON object: {"city", "center": [lon, lat], "zooms": [{"zoom", "tile_zoom", "tiles",
"tile_bytes", "directory_bytes", "requests", "archive_bytes", "geojson_bytes", "geojson_files"}]}.
"""
import argparse
import json
import math
import os
import struct
import sys

from pmtiles.tile import deserialize_directory, zxy_to_tileid


def world(lon, lat, zoom, tile=512):
    """Web Mercator pixels at `zoom` for tiles `tile` px wide."""
    size = tile * 2**zoom
    y = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return (lon + 180) / 360 * size, (1 - y / math.pi) / 2 * size


def covered(cx, cy, width, height, zoom, tile_zoom, tile=512):
    """The tiles of `tile_zoom` that a view centred on world pixel (cx, cy) at `zoom` covers."""
    scale = 2 ** (tile_zoom - zoom) / tile
    x0, x1 = math.floor((cx - width / 2) * scale), math.floor((cx + width / 2) * scale - 1e-9)
    y0, y1 = math.floor((cy - height / 2) * scale), math.floor((cy + height / 2) * scale - 1e-9)
    n = 2**tile_zoom
    return [(tile_zoom, x, y) for x in range(max(x0, 0), min(x1, n - 1) + 1) for y in range(max(y0, 0), min(y1, n - 1) + 1)]


class Archive:
    """An archive's header and directories, read as a client reads them (no tile data)."""

    def __init__(self, path):
        self.f = open(path, "rb")
        head = self.read(0, 127)
        fields = struct.unpack("<11Q", head[8:96])
        (self.root_offset, self.root_length, self.metadata_offset, self.metadata_length,
         self.leaf_offset, self.leaf_length, self.data_offset) = fields[:7]
        self.max_zoom = head[101]
        self.size = os.path.getsize(path)

    def read(self, offset, length):
        self.f.seek(offset)
        return self.f.read(length)

    def find(self, z, x, y):
        """(tile length or None, [leaf directory (offset, length) ranges read])."""
        tile_id = zxy_to_tileid(z, x, y)
        offset, length, leaves = self.root_offset, self.root_length, []
        for _ in range(4):
            entries = deserialize_directory(self.read(offset, length))
            found = None
            for entry in entries:  # the last entry at or before tile_id
                if entry.tile_id > tile_id:
                    break
                found = entry
            if found is None:
                return None, leaves
            if found.run_length == 0:
                offset, length = self.leaf_offset + found.offset, found.length
                leaves.append((offset, length))
                continue
            if tile_id < found.tile_id + found.run_length:
                return found.length, leaves
            return None, leaves
        return None, leaves


def geojson_for_view(manifest, city, cx512, cy512, zoom, width, height):
    """Bytes and files a per-city GeoJSON client fetches for the view."""
    entry = next(c for c in manifest["cities"] if c["id"] == city)
    total, files = entry.get("encodedBytes", entry["bytes"]), 1
    for layer in manifest.get("points") or []:
        for c in layer["cities"]:
            if c["id"] != city:
                continue
            z = min(zoom, layer["maxZoom"])
            if z <= layer["bandMaxZoom"]:
                total += c["band"].get("encodedBytes", c["band"]["bytes"])
                files += 1
                continue
            meta_zoom = z - layer["metatileDelta"]
            wanted = set(covered(cx512, cy512, width, height, zoom, meta_zoom))
            for m in c.get("metatiles", []):
                if m["z"] == z and (meta_zoom, m["x"], m["y"]) in wanted:
                    total += m.get("encodedBytes", m["bytes"])
                    files += 1
    return total, files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("archive")
    parser.add_argument("build_dir")
    parser.add_argument("--city")
    parser.add_argument("--zooms", type=int, nargs="+", default=[11, 14, 16])
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    args = parser.parse_args()
    with open(os.path.join(args.build_dir, "manifest.json")) as f:
        manifest = json.load(f)
    cities = sorted(manifest["cities"], key=lambda c: (c.get("encodedBytes", c["bytes"]), c["id"]))
    city = args.city or cities[len(cities) // 2]["id"]
    entry = next((c for c in manifest["cities"] if c["id"] == city), None)
    if entry is None:
        sys.exit(f"tiles_view.py: no city {city} in {args.build_dir}/manifest.json")
    west, south, east, north = entry["bbox"]
    lon, lat = (west + east) / 2, (south + north) / 2
    archive = Archive(args.archive)
    out = {"city": city, "center": [lon, lat], "width": args.width, "height": args.height, "zooms": []}
    for zoom in args.zooms:
        cx, cy = world(lon, lat, zoom)
        tile_zoom = min(zoom, archive.max_zoom)
        tiles = covered(cx, cy, args.width, args.height, zoom, tile_zoom)
        tile_bytes, leaves, requests = 0, set(), 0
        for z, x, y in tiles:
            length, read = archive.find(z, x, y)
            leaves.update(read)
            if length is not None:
                tile_bytes += length
                requests += 1
        directory = 127 + archive.root_length + archive.metadata_length + sum(length for _, length in leaves)
        geojson, files = geojson_for_view(manifest, city, cx, cy, zoom, args.width, args.height)
        out["zooms"].append({
            "zoom": zoom, "tile_zoom": tile_zoom, "tiles": len(tiles), "tile_bytes": tile_bytes,
            "directory_bytes": directory, "requests": requests + 2 + len(leaves),
            "archive_bytes": tile_bytes + directory, "geojson_bytes": geojson, "geojson_files": files,
        })
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
