#!/usr/bin/env python3
"""The same view drawn from per-city GeoJSON and from a PMTiles archive by MapLibre Native (mapli).

usage: tiles_render.py GEOJSON_STYLE ARCHIVE BUILD_DIR OUT_DIR [--tiles-style STYLE] [--city CITY]
                       [--zooms 11 14 16] [--width 390] [--height 844] [--floor EXTENT]

GEOJSON_STYLE is `zonectl style` of BUILD_DIR (its sources on a server of BUILD_DIR). The tiles
style is `zonectl style --tiles` (--tiles-style), its pmtiles:// source pointed at ARCHIVE on
disk (pmtiles://file://...); without one it is made from GEOJSON_STYLE: each zone layer on a
`pmtiles://` vector source, `source-layer` zones, filtered on its city. Both styles keep only
the zone layers of CITY (point layers are drawn by the GeoJSON style up to the band's zoom only,
so they would not compare) over a white background. Each view (WIDTH x HEIGHT at the centre of
CITY's bbox; default the median city by artifact bytes) is rendered from both; a pixel differs
when any channel differs by more than 16 levels. Images go to OUT_DIR.

--floor EXTENT also draws, per view, the vertices MapLibre itself keeps of the city's GeoJSON at
that zoom (geojson-vt's Douglas-Peucker ranks at its tolerance, 0.375 px, and its rule for small
rings) rounded to a grid of EXTENT units a tile (of the archive's `maxZoom` past it), as an
inline GeoJSON source: its difference from the GeoJSON drawing is what that grid alone changes
in MapLibre's own drawing (`floor` per zoom; past `maxZoom`, tiles that keep every vertex can
come closer).
Prints one JSON object: {"city", "tiles_style": "zonectl" or "derived", "zooms": [{"zoom",
"differing", "pixels", "fraction"[, "floor"]}]}. Uses EGL_PLATFORM=surfaceless (no X server);
an EGL that cannot start there is tried under Xvfb (Tests/zonectlTests/Scripts/render_style.py's
session).
"""
import argparse
import copy
import gzip
import json
import math
import os
import sys

import numpy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "zonectlTests", "Scripts"))
from png_rgba import decode_png  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
from check_tiles import UNIT, mercator  # noqa: E402


def zone_layers(style, city):
    """The style's zone layers of `city` (those that name a zonectl style, or draw the zones layer)."""
    keep = []
    for layer in style["layers"]:
        meta = layer.get("metadata") or {}
        if "zonectl:points" in meta:
            continue
        if meta.get("zonectl:city", city) != city:
            continue
        if "zonectl:style" in meta or layer.get("source-layer") == "zones":
            keep.append(layer)
    return keep


def derived_tiles_style(style, archive, city):
    layers = []
    for layer in zone_layers(style, city):
        layer = dict(layer, source="zonectl-tiles", **{"source-layer": "zones"})
        layer["filter"] = ["all", ["==", ["get", "city"], city], layer["filter"]] if "filter" in layer else ["==", ["get", "city"], city]
        layers.append(layer)
    sources = {"zonectl-tiles": {"type": "vector", "url": "pmtiles://file://" + os.path.abspath(archive)}}
    return dict(style, sources=sources, layers=layers)


def only_city(style, city, archive=None):
    layers = zone_layers(style, city)
    used = {layer["source"] for layer in layers}
    sources = {k: v for k, v in style["sources"].items() if k in used}
    if archive:
        for source in sources.values():
            if str(source.get("url", "")).startswith("pmtiles://"):
                source["url"] = "pmtiles://file://" + os.path.abspath(archive)
    background = {"id": "bench-background", "type": "background", "paint": {"background-color": "#ffffff"}}
    return dict(style, sources=sources, layers=[background] + layers)


def unproject(x, y):
    return [x * 360 - 180, math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y))))]


def segment_distance2(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    if dx or dy:
        t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)
        if t > 1:
            ax, ay = bx, by
        elif t > 0:
            ax, ay = ax + dx * t, ay + dy * t
    return (px - ax) ** 2 + (py - ay) ** 2


def ranks(points):
    """geojson-vt's simplify(): per position, the squared distance from the chord of the span it
    split (end points 1, always kept); of equal distances the one nearest the span's middle."""
    rank = [0.0] * len(points)
    rank[0] = rank[-1] = 1.0
    spans = [(0, len(points) - 1)]
    while spans:
        first, last = spans.pop()
        best, index, middle = 0.0, -1, (first + last) // 2
        for i in range(first + 1, last):
            d = segment_distance2(points[i], points[first], points[last])
            if d > best or (d == best and index >= 0 and abs(i - middle) < abs(index - middle)):
                best, index = d, i
        if index >= 0:
            rank[index] = best
            if index - first > 1:
                spans.append((first, index))
            if last - index > 1:
                spans.append((index, last))
    return rank


def maplibre_vertices(data, zoom, extent, tile_zoom):
    """`data` (a FeatureCollection of polygons) as MapLibre keeps it at `zoom` (tolerance 0.375 px
    of a 512-px tile; rings under the tolerance squared left out), rounded to `extent` units a
    tile of `tile_zoom` (the archive's zoom that draws `zoom`)."""
    data = copy.deepcopy(data)
    tolerance2 = (0.375 / 512 / (1 << zoom)) ** 2
    grid = extent * (1 << tile_zoom)
    for feature in data["features"]:
        g = feature["geometry"]
        polygons = g["coordinates"] if g["type"] == "MultiPolygon" else [g["coordinates"]]
        kept_polygons = []
        for polygon in polygons:
            rings = []
            for r, ring in enumerate(polygon):
                # Web Mercator in [0, 1], y down, as geojson-vt projects.
                points = [(x, y) for x, y in (mercator(numpy.array(ring)[:, :2], 0) / UNIT).tolist()]
                area = abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:]))) / 2
                kept = [p for p, rank in zip(points, ranks(points)) if rank > tolerance2]
                if area >= tolerance2 and len(kept) >= 4:
                    rings.append([unproject(round(x * grid) / grid, round(y * grid) / grid) for x, y in kept])
                elif r == 0:
                    break  # the exterior left out leaves out the polygon
            if rings:
                kept_polygons.append(rings)
        g["type"], g["coordinates"] = "MultiPolygon", kept_polygons
    return data


def render_pool():
    os.environ.setdefault("EGL_PLATFORM", "surfaceless")
    import mapli

    try:
        return mapli.RenderPool(workers=1), None
    except mapli.GraphicsUnavailableError as error:
        sys.stderr.write(f"tiles_render: surfaceless EGL failed ({error}); trying Xvfb\n")
        del os.environ["EGL_PLATFORM"]
        from render_style import render_session

        session = render_session("tiles_render.py")
        return session.__enter__(), session


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("geojson_style")
    parser.add_argument("archive")
    parser.add_argument("build_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--tiles-style")
    parser.add_argument("--city")
    parser.add_argument("--zooms", type=int, nargs="+", default=[11, 14, 16])
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--floor", type=int, metavar="EXTENT")
    args = parser.parse_args()
    manifest = json.load(open(os.path.join(args.build_dir, "manifest.json")))
    cities = sorted(manifest["cities"], key=lambda c: (c.get("encodedBytes", c["bytes"]), c["id"]))
    city = args.city or cities[len(cities) // 2]["id"]
    entry = next(c for c in manifest["cities"] if c["id"] == city)
    west, south, east, north = entry["bbox"]
    lon, lat = (west + east) / 2, (south + north) / 2
    geojson = json.load(open(args.geojson_style))
    if args.tiles_style:
        tiles, kind = only_city(json.load(open(args.tiles_style)), city, args.archive), "zonectl"
    else:
        tiles, kind = only_city(derived_tiles_style(geojson, args.archive, city), city), "derived"
    geojson = only_city(geojson, city)
    artifact = None
    if args.floor:
        with gzip.open(os.path.join(args.build_dir, entry["key"])) as f:
            artifact = json.load(f)
    os.makedirs(args.out_dir, exist_ok=True)
    pool, session = render_pool()
    out = {"city": city, "center": [lon, lat], "tiles_style": kind, "zooms": []}
    try:
        pool.register_style("geojson", json=geojson)
        pool.register_style("tiles", json=tiles)
        for zoom in args.zooms:
            images = {}
            for name in ("geojson", "tiles"):
                png = pool.render(name, lon=lon, lat=lat, zoom=zoom, width=args.width, height=args.height)
                with open(os.path.join(args.out_dir, f"{city}-z{zoom}-{name}.png"), "wb") as f:
                    f.write(png)
                images[name] = decode_png(png)
            a, b = images["geojson"], images["tiles"]
            pa = numpy.frombuffer(b"".join(a.rows), dtype=numpy.uint8).reshape(a.height, a.width, 4).astype(int)
            pb = numpy.frombuffer(b"".join(b.rows), dtype=numpy.uint8).reshape(b.height, b.width, 4).astype(int)
            differing = int((numpy.abs(pa - pb).max(axis=2) > 16).sum())
            pixels = a.width * a.height
            out["zooms"].append({"zoom": zoom, "differing": differing, "pixels": pixels, "fraction": differing / pixels})
            if artifact is not None:
                floor = copy.deepcopy(geojson)
                tile_zoom = min(zoom, manifest.get("tiles", {}).get("maxZoom", zoom))
                floor["sources"][city] = {"type": "geojson", "data": maplibre_vertices(artifact, zoom, args.floor, tile_zoom)}
                pool.register_style(f"floor-{zoom}", json=floor)
                png = pool.render(f"floor-{zoom}", lon=lon, lat=lat, zoom=zoom, width=args.width, height=args.height)
                c = decode_png(png)
                pc = numpy.frombuffer(b"".join(c.rows), dtype=numpy.uint8).reshape(c.height, c.width, 4).astype(int)
                out["zooms"][-1]["floor"] = int((numpy.abs(pa - pc).max(axis=2) > 16).sum()) / pixels
    finally:
        if session is not None:
            session.__exit__(None, None, None)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
