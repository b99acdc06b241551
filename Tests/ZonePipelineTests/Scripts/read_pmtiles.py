#!/usr/bin/env python3
"""Reads a PMTiles v3 archive with readers zonectl did not write (PyPI pmtiles and
mapbox-vector-tile) and prints what they see as JSON, for the Swift tests to check.

usage: read_pmtiles.py ARCHIVE [Z/X/Y ...]

Output: {"header": {...}, "metadata": {...}, "tiles": {"z/x/y": sha256 of the decompressed
tile, ...} (every tile all_tiles yields, run lengths expanded), "get": {"z/x/y": sha256 or null}
(Reader.get of each tile named, so leaf directories are searched as a client does), "decoded":
{"z/x/y": mapbox_vector_tile.decode of the tile, y down}}.
"""
import gzip
import hashlib
import json
import sys

import mapbox_vector_tile
from pmtiles.reader import MmapSource, Reader, all_tiles


def plain(data, compression):
    return gzip.decompress(data) if compression == 2 else data


def main():
    path, named = sys.argv[1], sys.argv[2:]
    with open(path, "rb") as f:
        source = MmapSource(f)
        reader = Reader(source)
        header = reader.header()
        compression = header["tile_compression"].value
        out = {
            "header": {k: int(getattr(v, "value", v)) for k, v in header.items()},
            "metadata": reader.metadata(),
            "tiles": {},
            "get": {},
            "decoded": {},
        }
        for (z, x, y), data in all_tiles(source):
            key = f"{z}/{x}/{y}"
            if key in out["tiles"]:
                raise SystemExit(f"tile {key} listed twice")
            out["tiles"][key] = hashlib.sha256(plain(data, compression)).hexdigest()
        for key in named:
            z, x, y = map(int, key.split("/"))
            data = reader.get(z, x, y)
            if data is None:
                out["get"][key] = None
                continue
            data = plain(data, compression)
            out["get"][key] = hashlib.sha256(data).hexdigest()
            out["decoded"][key] = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
    json.dump(out, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main()
