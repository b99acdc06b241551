"""Render a zonectl style with MapLibre Native (mapli) under Xvfb, and measure pixels inside zones.

usage: render_style.py STYLE DIST OUT_DIR [--background COLOUR]

STYLE is the output of `zonectl style`, whose sources point at a server of DIST, or at DIST itself
(file:// sources into a client cache, whose objects are decoded). For every city
of DIST's manifest the style is rendered twice, 512 x 512 px, fitted to the city's bbox: as is
(an overlay on a transparent image), and with a background layer of COLOUR (#f2efe9 by default)
put under it, as a base map would be. Both are written to OUT_DIR as <city>.png and
<city>-background.png.

Sample points: in each feature of the city's artifact (read from DIST, not from the style), the
pole of inaccessibility (shapely's polylabel) of its largest polygons in image pixels, kept when
it is at least MARGIN px from every border of that polygon (half the widest stroke plus 3 px of
antialiasing). Expected colours come from DIST's style table when its fill is `#rgb` or
`#rrggbb` (other syntaxes are left to the caller, which reads the table with ZoneClient): the fill
at its fill-opacity on a transparent image (RGBA, not premultiplied, as MapLibre writes PNGs) and
over the background.
Prints one JSON object: {"cities": [{"city", "samples": [{"style", "lon", "lat", "x", "y",
"margin", "expected", "found", "expected_on_background", "found_on_background"}], "corner":
RGBA of the overlay's top-left pixel}], "seconds"}. Gives up (exit 3) after TIME_LIMIT_S.
"""
import contextlib
import gzip
import json
import math
import os
import signal
import subprocess
import sys
import threading
import time

import numpy
import shapely
from shapely.geometry import shape
from shapely.ops import polylabel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png_rgba import decode_png  # noqa: E402

SIZE = 512
PADDING = 24
SAMPLES_PER_FEATURE = 3
TIME_LIMIT_S = 300
DEFAULTS = {"stroke-width": 2, "fill": "#555555", "fill-opacity": 0.6}


def start_xvfb():
    """An Xvfb of our own on a free display (its number read back with -displayfd)."""
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    display = b""
    while not display.endswith(b"\n"):
        chunk = os.read(read_end, 16)
        if not chunk:
            raise SystemExit("Xvfb did not start")
        display += chunk
    os.close(read_end)
    os.environ["DISPLAY"] = ":" + display.decode().strip()
    return xvfb


def exclusive_render_lock():
    """Held until the process ends: one MapLibre render at a time on this machine. In CI, EGL
    once failed to initialise (EGL_NOT_INITIALIZED) while two renders started Xvfb side by side."""
    import fcntl
    import tempfile

    lock = open(os.path.join(tempfile.gettempdir(), "zonectl-mapli-render.lock"), "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    return lock


def render_pool(servers, attempts=3):
    """A mapli RenderPool (one worker) under an Xvfb of our own, appended to `servers`; an EGL
    context that cannot be had is retried on a new Xvfb a few times, then in a new process
    (relaunch). Under the full test run's load, six attempts in one process over 40 seconds
    once all failed with EGL_NOT_INITIALIZED where the same test alone passed: a failed EGL
    start can stay failed for the rest of its process."""
    import mapli

    for attempt in range(1, attempts + 1):
        servers.append(start_xvfb())
        try:
            return mapli.RenderPool(workers=1)
        except mapli.GraphicsUnavailableError as error:
            sys.stderr.write(f"render: attempt {attempt}: {error}\n")
            servers.pop().kill()
            if attempt == attempts:
                relaunch(servers, error)
            time.sleep(2 * attempt)


def relaunch(servers, error, limit=2):
    """Runs this script again in a fresh process (same process id and pipes, through exec), at
    most `limit` times; then gives up with `error`. The render lock's file is closed by exec
    (Python opens files non-inheritable), so the new process takes the lock again."""
    done = int(os.environ.get("ZONECTL_RENDER_RELAUNCHES", "0"))
    if done >= limit:
        raise error
    stop(servers)
    os.environ["ZONECTL_RENDER_RELAUNCHES"] = str(done + 1)
    sys.stderr.write(f"render: no EGL context in this process; starting again ({done + 1} of {limit})\n")
    sys.stderr.flush()
    sys.stdout.flush()
    os.execv(sys.executable, [sys.executable] + sys.argv)


def stop(servers):
    for xvfb in servers:
        xvfb.terminate()
        try:
            xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            xvfb.kill()
            xvfb.wait()


@contextlib.contextmanager
def render_session(script, time_limit=TIME_LIMIT_S):
    """The set-up every render script shares: the machine-wide render lock (one MapLibre render
    at a time), a watchdog that kills our Xvfb servers and exits 3 when no result came after
    `time_limit` seconds, and a mapli RenderPool under an Xvfb of our own (render_pool). Yields
    the pool; on leaving, the watchdog is cancelled, the Xvfb servers stopped and the lock freed."""
    lock = exclusive_render_lock()
    servers = []

    def give_up():
        sys.stderr.write(f"{script}: no result after {time_limit} s\n")
        for xvfb in servers:
            xvfb.kill()
        os._exit(3)

    watchdog = threading.Timer(time_limit, give_up)
    watchdog.daemon = True
    watchdog.start()
    try:
        yield render_pool(servers)
    finally:
        watchdog.cancel()
        stop(servers)
        lock.close()


def content(dist, entry):
    """The decoded content of a manifest entry's object in DIST: gzip unless its
    contentEncoding says otherwise (identity in a client cache)."""
    data = open(os.path.join(dist, entry["key"]), "rb").read()
    encoding = entry.get("contentEncoding", "gzip")
    if encoding == "identity":
        return data
    if encoding != "gzip":
        raise SystemExit(f"{entry['key']}: cannot read {encoding}")
    return gzip.decompress(data)


def is_hex(colour):
    return colour.startswith("#") and len(colour) in (4, 7)


def rgb(colour):
    digits = colour[1:]
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return [int(digits[i:i + 2], 16) for i in (0, 2, 4)]


def world(lon, lat, zoom):
    """Web Mercator pixel coordinates at `zoom`, with MapLibre's 512 px tiles."""
    size = 512 * 2 ** zoom
    y = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return (lon + 180) / 360 * size, (1 - y / math.pi) / 2 * size


def view(bbox):
    """Centre and zoom that fit `bbox` in the image with PADDING on every side."""
    west, south, east, north = bbox
    x0, y0 = world(west, north, 0)
    x1, y1 = world(east, south, 0)
    zoom = math.log2(min((SIZE - 2 * PADDING) / (x1 - x0), (SIZE - 2 * PADDING) / (y1 - y0)))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    lon = cx / 512 * 360 - 180
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * cy / 512))))
    return lon, lat, zoom


def samples(collection, lon, lat, zoom, margin):
    """Interior points of each feature, in image pixels, at least `margin` px from its borders."""
    cx, cy = world(lon, lat, zoom)

    def to_pixels(coordinates):
        points = [world(x, y, zoom) for x, y in coordinates]
        return numpy.array([[x - cx + SIZE / 2, y - cy + SIZE / 2] for x, y in points]).reshape(-1, 2)

    found = []
    for feature in collection["features"]:
        geometry = shape(feature["geometry"])
        polygons = list(getattr(geometry, "geoms", [geometry]))
        picked = []
        for polygon in sorted(polygons, key=lambda p: -p.area):
            pixels = shapely.transform(polygon, to_pixels)
            point = polylabel(pixels, tolerance=0.5)
            distance = pixels.boundary.distance(point)
            if distance >= margin and 0 <= point.x < SIZE and 0 <= point.y < SIZE:
                inverse_x = (point.x - SIZE / 2 + cx) / (512 * 2 ** zoom) * 360 - 180
                inverse_y = (point.y - SIZE / 2 + cy) / (512 * 2 ** zoom)
                picked.append({
                    "style": feature["properties"].get("style"),
                    "x": int(point.x), "y": int(point.y), "margin": round(distance, 1),
                    "lon": round(inverse_x, 6),
                    "lat": round(math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * inverse_y)))), 6),
                })
            if len(picked) == SAMPLES_PER_FEATURE:
                break
        found += picked
    return found


def main():
    # Swift's Process starts children with most signals blocked, which Xvfb would inherit and
    # then ignore SIGTERM: unblock them first.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    args = sys.argv[1:]
    background = "#f2efe9"
    if "--background" in args:
        i = args.index("--background")
        background = args[i + 1]
        del args[i:i + 2]
    style_path, dist, out_dir = args
    style = json.load(open(style_path))
    manifest = json.load(open(os.path.join(dist, "manifest.json")))
    table = json.loads(content(dist, manifest["styles"]))
    widest = max(float(s.get("stroke-width", DEFAULTS["stroke-width"])) for s in table.values())
    margin = widest / 2 + 3
    with_background = dict(style, layers=[
        {"id": "test-background", "type": "background", "paint": {"background-color": background}},
    ] + style["layers"])
    os.makedirs(out_dir, exist_ok=True)

    with render_session("render_style.py") as pool:
        started = time.time()
        pool.register_style("overlay", json=style)
        pool.register_style("background", json=with_background)
        cities = []
        for city in manifest["cities"]:
            lon, lat, zoom = view(city["bbox"])
            images = {}
            for name in ("overlay", "background"):
                png = pool.render(name, lon=lon, lat=lat, zoom=zoom, width=SIZE, height=SIZE)
                suffix = "" if name == "overlay" else "-background"
                open(os.path.join(out_dir, f"{city['id']}{suffix}.png"), "wb").write(png)
                images[name] = decode_png(png)
            collection = json.loads(content(dist, city))
            points = samples(collection, lon, lat, zoom, margin)
            for p in points:
                values = dict(DEFAULTS, **table.get(p["style"], {}))
                p["found"] = images["overlay"].pixel(p["x"], p["y"])
                p["found_on_background"] = images["background"].pixel(p["x"], p["y"])
                if is_hex(values["fill"]):
                    fill, opacity = rgb(values["fill"]), float(values["fill-opacity"])
                    base = rgb(background)
                    p["expected"] = fill + [round(opacity * 255)]
                    p["expected_on_background"] = [round(f * opacity + b * (1 - opacity)) for f, b in zip(fill, base)]
            cities.append({
                "city": city["id"], "zoom": round(zoom, 3), "samples": points,
                "corner": images["overlay"].pixel(0, 0),
            })
    print(json.dumps({"cities": cities, "seconds": round(time.time() - started, 2)}, indent=1))


if __name__ == "__main__":
    main()
