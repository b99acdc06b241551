"""Render a zonectl style's point layers with MapLibre Native (mapli) under Xvfb.

usage: render_points.py STYLE DIST ZOOM

STYLE is the output of `zonectl style`, whose sources point at a server of DIST. For every point
layer and city of DIST's manifest, the cluster with the most points among the band file's
features of z == ZOOM (an integer <= bandMaxZoom) is put at the centre of a 512 x 512 image
rendered at MapLibre zoom ZOOM, and the centre pixel read. So is, as "other", the centre pixel at
the position of a cluster of another z that is more than FAR px (at ZOOM) from every feature of
z == ZOOM, when there is one: the z filter must leave it undrawn. Prints one JSON object:
{"clusters": [{"layer", "city", "lon", "lat", "point_count", "found": RGBA, "other": null or
{"z", "lon", "lat", "found": RGBA}}], "seconds"}.
Gives up (exit 3) after render_style.TIME_LIMIT_S.
"""
import gzip
import json
import math
import os
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png_rgba import decode_png  # noqa: E402
from render_style import render_session  # noqa: E402

SIZE = 512
FAR = 60


def world(lon, lat, zoom):
    """Web Mercator pixel coordinates at `zoom`, with MapLibre's 512 px tiles."""
    size = 512 * 2 ** zoom
    y = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return (lon + 180) / 360 * size, (1 - y / math.pi) / 2 * size


def far_cluster(features, zoom):
    """A cluster of z != zoom more than FAR px from every feature of z == zoom, or None."""
    here = [world(*f["geometry"]["coordinates"], zoom) for f in features if f["properties"].get("z") == zoom]
    for f in sorted(features, key=lambda f: (f["properties"].get("z"), f["properties"].get("cluster_id", 0))):
        if f["properties"].get("z") == zoom or f["properties"].get("cluster") is not True:
            continue
        x, y = world(*f["geometry"]["coordinates"], zoom)
        if all(math.hypot(x - hx, y - hy) > FAR for hx, hy in here):
            return f
    return None


def main():
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    style_path, dist, zoom = sys.argv[1], sys.argv[2], int(sys.argv[3])
    style = json.load(open(style_path))
    manifest = json.load(open(os.path.join(dist, "manifest.json")))
    found = []
    with render_session("render_points.py") as pool:
        started = time.time()
        pool.register_style("points", json=style)
        for layer in manifest.get("points", []):
            for city in layer["cities"]:
                band = json.loads(gzip.decompress(open(os.path.join(dist, city["band"]["key"]), "rb").read()))
                clusters = [f for f in band["features"]
                            if f["properties"].get("z") == zoom and f["properties"].get("cluster") is True]
                if not clusters:
                    continue
                best = max(clusters, key=lambda f: f["properties"]["point_count"])
                lon, lat = best["geometry"]["coordinates"]
                png = pool.render("points", lon=lon, lat=lat, zoom=zoom, width=SIZE, height=SIZE)
                other = far_cluster(band["features"], zoom)
                if other is not None:
                    olon, olat = other["geometry"]["coordinates"]
                    opng = pool.render("points", lon=olon, lat=olat, zoom=zoom, width=SIZE, height=SIZE)
                    other = {"z": other["properties"]["z"], "lon": olon, "lat": olat,
                             "found": decode_png(opng).pixel(SIZE // 2, SIZE // 2)}
                found.append({
                    "layer": layer["layer"], "city": city["id"], "lon": lon, "lat": lat,
                    "point_count": best["properties"]["point_count"],
                    "found": decode_png(png).pixel(SIZE // 2, SIZE // 2), "other": other,
                })
    print(json.dumps({"clusters": found, "seconds": round(time.time() - started, 2)}, indent=1))


if __name__ == "__main__":
    main()
