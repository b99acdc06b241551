#!/usr/bin/env python3
"""The same view drawn from per-city GeoJSON and from a PMTiles archive by MapLibre Native (mapli).

usage: tiles_render.py GEOJSON_STYLE ARCHIVE BUILD_DIR OUT_DIR [--tiles-style STYLE] [--city CITY]
                       [--zooms 11 14 16] [--width 390] [--height 844]

GEOJSON_STYLE is `zonectl style` of BUILD_DIR (its sources on a server of BUILD_DIR). The tiles
style is `zonectl style --tiles` (--tiles-style), its pmtiles:// source pointed at ARCHIVE on
disk (pmtiles://file://...); without one it is made from GEOJSON_STYLE: each zone layer on a
`pmtiles://` vector source, `source-layer` zones, filtered on its city. Both styles keep only
the zone layers of CITY (point layers are drawn by the GeoJSON style up to the band's zoom only,
so they would not compare) over a white background. Each view (WIDTH x HEIGHT at the centre of
CITY's bbox; default the median city by artifact bytes) is rendered from both; a pixel differs
when any channel differs by more than 16 levels. Images go to OUT_DIR.
Prints one JSON object: {"city", "tiles_style": "zonectl" or "derived", "zooms": [{"zoom",
"differing", "pixels", "fraction"}]}. Uses EGL_PLATFORM=surfaceless (no X server); an EGL that
cannot start there is tried under Xvfb (Tests/zonectlTests/Scripts/render_style.py's session).
"""
import argparse
import json
import os
import sys

import numpy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "zonectlTests", "Scripts"))
from png_rgba import decode_png  # noqa: E402


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
    finally:
        if session is not None:
            session.__exit__(None, None, None)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
