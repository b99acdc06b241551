"""Measures the outputs of zonectl and its peers on the same corpus; used by bench/run.sh.

usage: measure.py --corpus DIR --tolerance T [--jobs N] [--json FILE] TOOL=DIR...

A TOOL's DIR is either a zonectl output directory (manifest.json: one gzip'd artifact per city,
plus the shared style table) or a directory of CITY.geojson.gz files (the peers). Features are
grouped by their `style` property; a tool's file for a city holds that city's features.

Per tool, over all cities (each city measured in its own local frame: equirectangular around its
centre, metres; the two sides of a comparison always in the same frame):

* gzip bytes: the files a client downloads (zonectl: city artifacts + style table);
* vertices: positions written (closing positions included);
* invalid: output features that GEOS (shapely.is_valid) finds invalid;
* overlap m²: area covered by two styles in the output, away from where the input has the two
  overlap, summed over the pairs of styles a, b: area((O_a ∩ O_b) \\ grow(I_a ∩ I_b, T + 0.2 m)),
  where I_s is the union of the input polygons of style s (made valid), O_s the tool's output of
  style s (made valid when it is not), and grow() a buffer. These are the slivers where the
  border between neighbouring zones was simplified differently on its two sides; an input
  overlap whose edges moved by up to T (+ 0.2 m for the 6-decimal grid) does not count;
* gap m²: area covered in the input but by no output feature, away from the outer edge of the
  covered area: shrink(union of all I_s, T + 0.2 m) \\ (union of all O_s). Moving the outer
  edge by up to T is simplification, not a gap between neighbours.

Input unions are computed once per city and shared by the tools; cities run in N processes.
"""
import argparse
import gzip
import json
import math
import os
import re
import sys
import time
from multiprocessing import Pool

import numpy as np
import shapely
from shapely.geometry import shape

K = 6371008.8 * math.pi / 180   # metres per degree of latitude


def read_json(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def tool_files(directory):
    """City -> its output files, and the files a client downloads besides them (style table)."""
    manifest = os.path.join(directory, "manifest.json")
    if os.path.exists(manifest):
        m = read_json(manifest)
        cities = {c["id"]: [os.path.join(directory, c["key"])] for c in m["cities"]}
        extra = [os.path.join(directory, m["styles"]["key"])] if m.get("styles") else []
        return cities, extra
    cities = {}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".geojson.gz"):
            cities.setdefault(name[: -len(".geojson.gz")], []).append(os.path.join(directory, name))
    return cities, []


def corpus_files(directory):
    """City -> its input files (CITY.geojson, CITY.partN.geojson)."""
    cities = {}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".geojson"):
            city = re.sub(r"\.part\d+$", "", name[: -len(".geojson")])
            cities.setdefault(city, []).append(os.path.join(directory, name))
    return cities


def features_by_style(paths):
    """style -> list of shapely geometries, in degrees."""
    out = {}
    for path in paths:
        for f in read_json(path).get("features", []):
            if f.get("geometry"):
                style = (f.get("properties") or {}).get("style", "?")
                out.setdefault(style, []).append(shape(f["geometry"]))
    return out


def polygonal(g):
    """g made valid, without the lines and points make_valid may leave."""
    if not shapely.is_valid(g):
        g = shapely.make_valid(g)
    if g.geom_type in ("Polygon", "MultiPolygon"):
        return g
    parts = [p for p in shapely.get_parts(g) if p.geom_type in ("Polygon", "MultiPolygon")]
    return shapely.union_all(parts) if parts else shapely.Polygon()


def local_frame(geometries):
    box = shapely.total_bounds(geometries)
    lon0, lat0 = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    kx = K * math.cos(math.radians(lat0))
    return lambda g: shapely.transform(
        g, lambda c: np.column_stack([(c[:, 0] - lon0) * kx, (c[:, 1] - lat0) * K]))


def area(g):
    return float(shapely.area(g)) if g is not None else 0.0


def union(geometries):
    """The union of polygonal geometries in metres (made valid first)."""
    parts = [polygonal(g) for g in geometries]
    return parts[0] if len(parts) == 1 else shapely.union_all(parts)


def measure_city(job):
    """Measures of every tool for one city: {tool: {...}}."""
    city, inputs, outputs, tolerance = job
    source = features_by_style(inputs)
    everything = [g for gs in source.values() for g in gs]
    if not everything:
        return city, {}
    to_m = local_frame(everything)
    margin = tolerance + 0.2
    # Input union per style, made valid as the peers do (and zonectl's repair step).
    base = {s: union(to_m(np.array(gs))) for s, gs in source.items()}
    inner = shapely.buffer(shapely.union_all(list(base.values())), -margin, quad_segs=2)
    styles_in = sorted(base)
    # Where the input has two styles overlap, grown by the margin (the polygonal part only: styles
    # that merely touch share a line, and that border is where slivers appear).
    overlap_in = {}
    for i, a in enumerate(styles_in):
        for b in styles_in[i + 1:]:
            both = polygonal(shapely.intersection(base[a], base[b]))
            overlap_in[a, b] = shapely.buffer(both, margin, quad_segs=2) if area(both) > 0 else None
    result = {}
    for tool, paths in outputs.items():
        out = features_by_style(paths) if paths else {}
        flat = [g for gs in out.values() for g in gs]
        styles = sorted(out)
        mine = {s: union(to_m(np.array(out[s]))) for s in styles}
        overlap = 0.0
        for i, a in enumerate(styles):
            for b in styles[i + 1:]:
                both = shapely.intersection(mine[a], mine[b])
                if area(both) > 0:
                    before = overlap_in.get((a, b))
                    overlap += area(shapely.difference(both, before) if before is not None else both)
        covered = shapely.union_all(list(mine.values())) if mine else shapely.Polygon()
        result[tool] = {
            "files": len(paths),
            "features": len(flat),
            "vertices": int(sum(shapely.get_num_coordinates(g) for g in flat)),
            "invalid": int(sum(not shapely.is_valid(g) for g in flat)),
            "overlap_m2": overlap,
            "gap_m2": area(shapely.difference(inner, covered)),
        }
    return city, result


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--corpus", required=True)
    p.add_argument("--tolerance", type=float, required=True, help="simplification tolerance, metres")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--json", help="write the measures here")
    p.add_argument("tools", nargs="+", metavar="TOOL=DIR")
    args = p.parse_args()

    start = time.monotonic()
    corpus = corpus_files(args.corpus)
    tools = {}
    for spec in args.tools:
        name, _, directory = spec.partition("=")
        cities, extra = tool_files(directory)
        tools[name] = {"cities": cities, "extra": extra}
        for city in cities.keys() - corpus.keys():
            print(f"measure: warning: {name} wrote city {city!r}, which is not in the corpus", file=sys.stderr)
    # Largest cities first, so the last jobs to finish are short ones.
    order = sorted(corpus, key=lambda c: -sum(os.path.getsize(f) for f in corpus[c]))
    jobs = [(c, corpus[c], {t: v["cities"].get(c, []) for t, v in tools.items()}, args.tolerance) for c in order]
    with Pool(max(1, args.jobs)) as pool:
        per_city = dict(pool.imap_unordered(measure_city, jobs))

    report = {"corpus": args.corpus, "tolerance_m": args.tolerance, "cities": len(corpus), "tools": {}}
    for name, t in tools.items():
        files = [f for fs in t["cities"].values() for f in fs] + t["extra"]
        total = {"gzip_bytes": sum(os.path.getsize(f) for f in files),
                 "missing_cities": sum(1 for c in corpus if not t["cities"].get(c))}
        for key in ("features", "vertices", "invalid", "overlap_m2", "gap_m2"):
            total[key] = sum(r[name][key] for r in per_city.values() if name in r)
        report["tools"][name] = total
    report["per_city"] = {c: per_city[c] for c in sorted(per_city)}
    report["seconds"] = time.monotonic() - start
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
    for name, t in report["tools"].items():
        print(f"measure: {name}: {t['gzip_bytes']} gzip bytes, {t['features']} features, {t['vertices']} vertices,"
              f" {t['invalid']} invalid, overlap {t['overlap_m2']:.1f} m², gap {t['gap_m2']:.1f} m²"
              + (f", {t['missing_cities']} cities missing" if t["missing_cities"] else ""))
    print(f"measure: {len(corpus)} cities measured in {report['seconds']:.1f} s ({args.jobs} processes)")


if __name__ == "__main__":
    main()
