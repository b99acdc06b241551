#!/usr/bin/env python3
"""Checks a PMTiles v3 archive of zones and point layers with readers zonectl did not write
(PyPI pmtiles, mapbox-vector-tile) and shapely, against the GeoJSON artifacts of the same build.

usage: check_tiles.py ARCHIVE --geojson-dir BUILD_DIR [--points-total LAYER=N ...]
                      [--max-zoom Z] [--zones-layer zones] [--area-tolerance 0.005] [--jobs 2]

--zones-layer '' skips the zone checks (an archive of point layers only).
BUILD_DIR is a build's output (manifest.json and the zone artifacts it lists; without a manifest,
every zones/**/*.geojson[.gz] under it). Checks, each failure naming the tile z/x/y:
* the archive reads: header (MVT tiles, header and root directory in the first 16 KiB, tile
  counts as its directories give them), every directory, the metadata's `vector_layers` (every
  layer of the tiles listed); with a manifest `tiles` entry naming ARCHIVE, its bytes, sha256
  and zooms;
* every tile decodes (mapbox_vector_tile, y down), every layer is version 2;
* every polygon is valid in its tile's integers (shapely), exterior rings wound positive and
  holes negative by the surveyor's formula (MVT 2.1);
* every (city, style) of the GeoJSON appears at every zoom: a feature of the zones layer with
  area inside its own tile (0..extent, not only in the buffer); no other (city, style) appears;
* at the maximum zoom (--max-zoom, which the header must state; default the header's), the
  tiles' polygons of each (city, style), each clipped to its own tile (no buffer), differ from
  the GeoJSON artifact's geometry by less than --area-tolerance of its area: symmetric
  difference = A + B - 2 area(A and B), A the pieces' area (tiles do not overlap), both in Web
  Mercator, whose scale is uniform over a city, so the ratio is the one in metres;
* for each --points-total LAYER=N, at every zoom, point_count (1 where absent) summed over the
  features anchored in their own tile (0 <= x, y < extent) equals N.

Identical tiles (run-length entries, repeated contents) are decoded once. Prints one JSON
summary on stdout and human lines on stderr; exits 1 when a check fails, 2 when the archive or
the build cannot be read, 64 on a usage error.
"""
import argparse
import glob
import gzip
import hashlib
import json
import math
import multiprocessing
import os
import signal
import sys
import time
from collections import defaultdict

import mapbox_vector_tile
import numpy
import shapely
import shapely.errors
from pmtiles.reader import MmapSource, Reader, all_tiles
from shapely.geometry import shape

HEADER_AND_ROOT = 16_384
UNIT = 4096  # world units per tile at the maximum zoom, whatever a layer's extent
MAX_REPORTED = 50


def mercator(lon_lat, zoom):
    """Longitude and latitude (an N x 2 array) to world units at `zoom` (UNIT per tile, y down)."""
    size = UNIT * 2**zoom
    lat = numpy.clip(lon_lat[:, 1], -85.05112878, 85.05112878)
    x = (lon_lat[:, 0] + 180) / 360 * size
    y = (1 - numpy.log(numpy.tan(numpy.pi / 4 + numpy.radians(lat) / 2)) / numpy.pi) / 2 * size
    return numpy.column_stack([x, y])


def read_artifacts(build_dir):
    """{(city, style): geometry in lon/lat} of the build's zone artifacts, and the manifest."""
    manifest_path = os.path.join(build_dir, "manifest.json")
    manifest = None
    if os.path.exists(manifest_path):
        with open(manifest_path) as f:
            manifest = json.load(f)
        files = [(os.path.join(build_dir, c["key"]), c.get("contentEncoding", "gzip")) for c in manifest["cities"]]
    else:
        found = glob.glob(os.path.join(build_dir, "zones", "**", "*.geojson*"), recursive=True)
        files = [(p, "gzip" if p.endswith(".gz") else "identity") for p in sorted(found) if not p.endswith(".br")]
    zones = defaultdict(list)
    for path, encoding in files:
        with open(path, "rb") as f:
            data = f.read()
        if encoding == "gzip":
            data = gzip.decompress(data)
        for feature in json.loads(data)["features"]:
            props = feature["properties"]
            zones[(props["city"], props["style"])].append(shape(feature["geometry"]))
    return {key: shapely.union_all(parts) if len(parts) > 1 else parts[0] for key, parts in zones.items()}, manifest


# Worker state: each (city, style)'s polygons in world units at the maximum zoom, in an STRtree.
STATE = {}


def init_worker(zones, max_zoom, zones_layer, point_layers):
    trees = {}
    for key, geometry in zones.items():
        world = shapely.transform(geometry, lambda a: mercator(a, max_zoom))
        parts = [p for p in getattr(world, "geoms", [world]) if not p.is_empty]
        trees[key] = (shapely.STRtree(parts), parts)
    STATE.update(trees=trees, max_zoom=max_zoom, zones_layer=zones_layer, point_layers=point_layers)


def robust(op, *geometries):
    """A GEOS overlay, retried on a fine grid over repaired inputs where GEOS gives up on it."""
    try:
        return op(*geometries)
    except shapely.errors.GEOSException:
        return op(*(shapely.make_valid(g) for g in geometries), grid_size=1e-3)


def clip(geometry, x0, y0, x1, y1):
    """The part of a polygonal geometry inside a rectangle, by overlay: GEOS 3.11's
    clip_by_rect can close a ring around the wrong side of a rectangle whose side a border
    runs along, which returns an invalid polygon and overstates the area."""
    return robust(shapely.intersection, geometry, shapely.box(x0, y0, x1, y1))


def ring_sign(ring):
    a = 0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:]):
        a += x0 * y1 - x1 * y0
    return (a > 0) - (a < 0)


def check_content(task):
    """One tile content at the positions that share it: decoding, polygons, zones present,
    anchored point counts, and at the maximum zoom the area pieces of each (city, style)."""
    data, compression, positions = task
    out = {"positions": positions, "failures": [], "keys": [], "points": {}, "areas": {}, "layers": {}}
    where = "%d/%d/%d" % positions[0]
    try:
        raw = gzip.decompress(data) if compression == 2 else data
        tile = mapbox_vector_tile.decode(raw, default_options={"y_coord_down": True})
    except Exception as error:  # any failure of the readers is a finding about this tile
        out["failures"].append(f"{where}: tile does not decode: {type(error).__name__}: {error}")
        return out
    keys, pieces = set(), defaultdict(list)
    for name, layer in tile.items():
        extent = layer["extent"]
        out["layers"][name] = extent
        if layer.get("version") != 2:
            out["failures"].append(f"{where}: layer {name} is version {layer.get('version')}, not 2")
        count = 0
        for i, feature in enumerate(layer["features"]):
            geometry, props = feature["geometry"], feature["properties"]
            kind = geometry["type"]
            if kind in ("Point", "MultiPoint"):
                points = [geometry["coordinates"]] if kind == "Point" else geometry["coordinates"]
                weight = props.get("point_count", 1)
                count += weight * sum(1 for x, y in points if 0 <= x < extent and 0 <= y < extent)
                continue
            if kind not in ("Polygon", "MultiPolygon"):
                continue
            label = f"{where}: layer {name} feature {i} ({', '.join(f'{k}={props[k]}' for k in ('city', 'style') if k in props)})"
            polygons = [geometry["coordinates"]] if kind == "Polygon" else geometry["coordinates"]
            for rings in polygons:
                if ring_sign(rings[0]) < 0 or any(ring_sign(r) > 0 for r in rings[1:]):
                    out["failures"].append(f"{label}: rings wound against MVT 2.1 (exterior must be positive, holes negative)")
                    break
            g = shape(geometry)
            if not g.is_valid:
                out["failures"].append(f"{label}: invalid polygon: {shapely.is_valid_reason(g)}")
                g = shapely.make_valid(g)
            if name != STATE["zones_layer"]:
                continue
            key = (props.get("city"), props.get("style"))
            if None in key:
                out["failures"].append(f"{label}: zones feature without city and style")
                continue
            inside = clip(g, 0, 0, extent, extent)
            if inside.area <= 0:
                continue
            keys.add(key)
            pieces[key].append((inside, extent))
        if name in STATE["point_layers"]:
            out["points"][name] = count
    out["keys"] = sorted(keys)
    max_zoom = STATE["max_zoom"]
    for z, x, y in positions:
        if z != max_zoom:
            continue
        for key, parts in pieces.items():
            scale = UNIT / parts[0][1]
            a = robust(shapely.union_all, [p for p, _ in parts]) if len(parts) > 1 else parts[0][0]
            a = shapely.transform(a, lambda c, s=scale, o=(x * UNIT, y * UNIT): c * s + o)
            both = 0.0
            tree = STATE["trees"].get(key)
            if tree is not None:
                x0, y0 = x * UNIT, y * UNIT
                for j in tree[0].query(shapely.box(x0, y0, x0 + UNIT, y0 + UNIT)):
                    part = clip(tree[1][j], x0, y0, x0 + UNIT, y0 + UNIT)
                    both += robust(shapely.intersection, a, part).area
            area = out["areas"].setdefault("%s\t%s" % key, [0.0, 0.0])
            area[0] += a.area
            area[1] += both
    return out


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Check a PMTiles archive against a build's GeoJSON artifacts.")
    parser.add_argument("archive")
    parser.add_argument("--geojson-dir", required=True)
    parser.add_argument("--points-total", action="append", default=[], metavar="LAYER=N")
    parser.add_argument("--max-zoom", type=int)
    parser.add_argument("--zones-layer", default="zones")
    parser.add_argument("--area-tolerance", type=float, default=0.005)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    totals = {}
    for item in args.points_total:
        layer, _, n = item.partition("=")
        if not layer or not n.isdigit():
            parser.error(f"--points-total wants LAYER=N, not {item!r}")
        totals[layer] = int(n)
    args.points_total = totals
    return args


class Findings:
    def __init__(self):
        self.lines, self.count = [], 0

    def add(self, line):
        self.count += 1
        if len(self.lines) < MAX_REPORTED:
            self.lines.append(line)
            sys.stderr.write(f"check_tiles: FAIL {line}\n")


def check_header(header, reader, path, args, manifest, findings):
    """The header's own checks; returns (min_zoom, max_zoom, vector_layers ids)."""
    if header["tile_type"].value != 1:
        findings.add(f"header: tile type {header['tile_type'].name}, not MVT")
    if header["root_offset"] + header["root_length"] > HEADER_AND_ROOT:
        findings.add(f"header: header and root directory end at byte {header['root_offset'] + header['root_length']}, past {HEADER_AND_ROOT}")
    max_zoom = header["max_zoom"] if args.max_zoom is None else args.max_zoom
    if header["max_zoom"] != max_zoom:
        findings.add(f"header: max_zoom {header['max_zoom']}, expected {max_zoom}")
    listed = set()
    try:
        metadata = reader.metadata()
        listed = {layer["id"] for layer in metadata["vector_layers"]}
    except Exception as error:
        findings.add(f"metadata: no vector_layers: {type(error).__name__}: {error}")
    entry = (manifest or {}).get("tiles")
    if isinstance(entry, dict) and entry.get("key"):
        listed_path = os.path.join(args.geojson_dir, entry["key"])
        if os.path.exists(listed_path) and os.path.samefile(listed_path, path):
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            if entry.get("sha256") not in (None, digest):
                findings.add(f"manifest: tiles sha256 {entry['sha256']}, the archive's is {digest}")
            if entry.get("bytes") not in (None, os.path.getsize(path)):
                findings.add(f"manifest: tiles bytes {entry['bytes']}, the archive has {os.path.getsize(path)}")
            for name in ("min_zoom", "max_zoom"):
                if entry.get(name) not in (None, header[name]):
                    findings.add(f"manifest: tiles {name} {entry[name]}, the header's is {header[name]}")
    return header["min_zoom"], max_zoom, listed


def main(argv=None):
    started = time.time()
    # Swift's Process starts children with most signals blocked; the pool's workers would
    # inherit that and ignore the SIGTERM that ends them.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    args = parse_args(sys.argv[1:] if argv is None else argv)
    findings = Findings()
    try:
        zones, manifest = read_artifacts(args.geojson_dir)
        if not args.zones_layer:
            zones = {}
        f = open(args.archive, "rb")
        source = MmapSource(f)
        reader = Reader(source)
        header = reader.header()
    except (OSError, ValueError, KeyError) as error:
        sys.stderr.write(f"check_tiles: cannot read: {type(error).__name__}: {error}\n")
        return 2
    min_zoom, max_zoom, listed = check_header(header, reader, args.archive, args, manifest, findings)

    # Every tile once through the directories; identical contents checked once.
    contents, tiles, zooms_seen = {}, 0, set()
    try:
        for (z, x, y), data in all_tiles(source):
            tiles += 1
            zooms_seen.add(z)
            contents.setdefault(data, []).append((z, x, y))
    except Exception as error:
        findings.add(f"directories: unreadable after {tiles} tiles: {type(error).__name__}: {error}")
    if tiles != header["addressed_tiles_count"]:
        findings.add(f"header: {header['addressed_tiles_count']} addressed tiles, the directories give {tiles}")
    if zooms_seen and (min(zooms_seen) != header["min_zoom"] or max(zooms_seen) != header["max_zoom"]):
        findings.add(f"header: zooms {header['min_zoom']}-{header['max_zoom']}, tiles at {min(zooms_seen)}-{max(zooms_seen)}")

    compression = header["tile_compression"].value
    tasks = [(data, compression, positions) for data, positions in contents.items()]
    keys_at = defaultdict(set)
    points_at = defaultdict(lambda: defaultdict(int))
    tiles_at = defaultdict(int)
    areas = defaultdict(lambda: [0.0, 0.0])
    layers_seen = {}
    init = (zones, max_zoom, args.zones_layer, set(args.points_total))
    with multiprocessing.get_context("fork").Pool(args.jobs, initializer=init_worker, initargs=init) as pool:
        for result in pool.imap_unordered(check_content, tasks, chunksize=8):
            for line in result["failures"]:
                findings.add(line + (f" (and {len(result['positions']) - 1} identical tiles)" if len(result["positions"]) > 1 else ""))
            layers_seen.update(result["layers"])
            for z, _, _ in result["positions"]:
                tiles_at[z] += 1
                keys_at[z].update(map(tuple, result["keys"]))
                for layer, n in result["points"].items():
                    points_at[z][layer] += n
            for key, (a, both) in result["areas"].items():
                areas[key][0] += a
                areas[key][1] += both
        pool.close()
        pool.join()

    for name in sorted(set(layers_seen) - listed):
        findings.add(f"metadata: layer {name} is in the tiles but not in vector_layers")
    expected = set(zones)
    for z in range(min_zoom, max_zoom + 1):
        for city, style in sorted(expected - keys_at[z]):
            findings.add(f"zoom {z}: zone ({city}, {style}) missing")
        for city, style in sorted(keys_at[z] - expected):
            findings.add(f"zoom {z}: zone ({city}, {style}) is not in the GeoJSON")
        for layer, n in sorted(args.points_total.items()):
            if points_at[z][layer] != n:
                findings.add(f"zoom {z}: layer {layer}: point_count sums to {points_at[z][layer]} over anchored features, not {n}")

    # The area check, per (city, style), at the maximum zoom.
    worst, checked = None, 0
    for (city, style), geometry in sorted(zones.items()):
        world = shapely.transform(geometry, lambda a: mercator(a, max_zoom))
        b = world.area
        a, both = areas.get(f"{city}\t{style}", (0.0, 0.0))
        ratio = (a + b - 2 * both) / b if b > 0 else 0.0
        checked += 1
        if worst is None or ratio > worst["ratio"]:
            worst = {"city": city, "style": style, "ratio": ratio}
        if ratio >= args.area_tolerance:
            # For scale: what rounding the artifact's vertices to the same grid alone changes.
            # (Only the polygons of the repair: a zone of a unit or less rounds to lines or a point.)
            snapped = shapely.transform(world, numpy.round)
            try:
                fixed = shapely.make_valid(snapped)
            except shapely.errors.GEOSException:
                fixed = snapped.buffer(0)
            parts = [g for g in shapely.get_parts(fixed) if g.geom_type in ("Polygon", "MultiPolygon")]
            rounded = robust(shapely.symmetric_difference, shapely.union_all(parts), world)
            findings.add(f"zoom {max_zoom}: zone ({city}, {style}) differs from the GeoJSON by {ratio:.3%} of its area "
                         f"(limit {args.area_tolerance:.2%}; its vertices rounded to the zoom's grid alone: {rounded.area / b:.3%})")

    summary = {
        "archive": args.archive, "ok": findings.count == 0, "failures": findings.count,
        "failure_lines": findings.lines, "tiles": tiles, "contents": len(contents),
        "min_zoom": min_zoom, "max_zoom": max_zoom, "zones": len(zones), "layers": sorted(layers_seen),
        "extents": {name: layers_seen[name] for name in sorted(layers_seen)},
        "zooms": {str(z): {"tiles": tiles_at[z], "zones": len(keys_at[z]), "points": dict(points_at[z])}
                  for z in sorted(tiles_at)},
        "area": {"checked": checked, "worst": worst, "tolerance": args.area_tolerance},
        "seconds": round(time.time() - started, 2),
    }
    json.dump(summary, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    worst_text = f", worst area difference {worst['ratio']:.3%} ({worst['city']}, {worst['style']})" if worst else ""
    sys.stderr.write(
        f"check_tiles: {tiles} tiles ({len(contents)} contents), zooms {min_zoom}-{max_zoom}, {len(zones)} zones{worst_text}: "
        f"{'PASS' if findings.count == 0 else f'FAIL ({findings.count} findings)'} in {summary['seconds']} s\n")
    return 0 if findings.count == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
