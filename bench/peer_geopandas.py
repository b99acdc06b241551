"""The geopandas peer: what a user writes today in Python, on the same input as zonectl.

usage: peer_geopandas.py ZONES_DIR OUT_DIR SIMPLIFY_DEGREES

Per city (its files: CITY.geojson and CITY.partN.geojson): read (pyogrio), make_valid (keeping
the polygonal parts), dissolve by city + style, simplify(SIMPLIFY_DEGREES, preserve_topology=True)
feature by feature, set_precision(1e-6), orient (RFC 7946: exteriors counter-clockwise), write
OUT_DIR/CITY.geojson.gz (GeoJSON, RFC7946=YES, 6 decimals, then gzip -9). Prints the wall time.
Needs geopandas, pyogrio and shapely 2.1+ (bench/requirements.txt).
"""
import gzip
import os
import re
import shutil
import sys
import time

import geopandas as gpd
import pandas as pd
import shapely


def city_files(zones):
    """City name -> its input files, CITY.geojson first, then CITY.partN.geojson."""
    cities = {}
    for name in sorted(os.listdir(zones)):
        if name.endswith(".geojson"):
            city = re.sub(r"\.part\d+$", "", name[: -len(".geojson")])
            cities.setdefault(city, []).append(os.path.join(zones, name))
    return cities


def polygonal(geometry):
    """The polygons of a make_valid result (which may hold lines and points too)."""
    if geometry is None or geometry.geom_type in ("Polygon", "MultiPolygon"):
        return geometry
    parts = [p for p in shapely.get_parts(geometry) if p.geom_type in ("Polygon", "MultiPolygon")]
    return shapely.union_all(parts) if parts else None


def one_city(paths, out_path, degrees):
    frame = pd.concat([gpd.read_file(p, engine="pyogrio", columns=["city", "style"]) for p in paths],
                      ignore_index=True)
    frame = frame[frame.geometry.notna()]
    frame = frame.set_geometry(frame.geometry.make_valid().apply(polygonal))
    frame = frame[frame.geometry.notna() & ~frame.geometry.is_empty]
    out = frame.dissolve(by=["city", "style"], as_index=False)
    geometry = out.geometry.simplify(degrees, preserve_topology=True)
    geometry = geometry.set_precision(1e-6)
    out = out.set_geometry(shapely.orient_polygons(geometry.values, exterior_cw=False))
    out = out[~out.geometry.is_empty]
    plain = out_path[: -len(".gz")]
    out.to_file(plain, driver="GeoJSON", engine="pyogrio",
                layer_options={"RFC7946": "YES", "COORDINATE_PRECISION": "6"})
    # As `gzip -9 -n`: no file name, no time stamp in the header.
    with open(plain, "rb") as src, open(out_path, "wb") as raw, \
            gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as dst:
        shutil.copyfileobj(src, dst)
    os.remove(plain)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[2])
    zones, out_dir, degrees = sys.argv[1], sys.argv[2], float(sys.argv[3])
    os.makedirs(out_dir, exist_ok=True)
    start = time.monotonic()
    cities = city_files(zones)
    for city, paths in cities.items():
        one_city(paths, os.path.join(out_dir, f"{city}.geojson.gz"), degrees)
    print(f"geopandas: {len(cities)} cities, {time.monotonic() - start:.1f} s wall")


if __name__ == "__main__":
    main()
