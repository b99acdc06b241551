"""Measures the outputs of zonectl and its peers on the same corpus; used by bench/run.sh.

usage: measure.py --corpus DIR --tolerance T [--jobs N] [--json FILE] [--cache DIR] TOOL=DIR...

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
  where I_s is the union of the input polygons of style s, O_s the tool's output of style s
  (when invalid, made valid with make_valid's "structure" method: the union of its polygons),
  and grow() a buffer. These are the slivers where the border between neighbouring zones was
  simplified differently on its two sides; an input overlap whose edges moved by up to T
  (+ 0.2 m for the 6-decimal grid) does not count;
* gap m²: area covered in the input but by no output feature, away from the outer edge of the
  covered area: shrink(union of all I_s, T + 0.2 m) \\ (union of all O_s). Moving the outer
  edge by up to T is simplification, not a gap between neighbours.

An invalid input polygon is read both ways the tools repair it (GEOS make-valid "linework", as
the peers do: overlapping parts of a MultiPolygon cancel out; "structure", as zonectl does:
their union), and no tool is charged for its reading: a gap counts only where both readings
cover the area, an overlap only where neither reading has the two styles overlap.

What the tools are measured against (the shrunk input union, the grown input overlaps) is
computed once per city, shared by the tools, and kept in --cache DIR across runs (keyed by the
city's files' names, sizes and times, and T). Cities run in N processes; the parts of two
geometries that meet are found with an STRtree.
"""
import argparse
import gzip
import hashlib
import json
import math
import os
import pickle
import re
import sys
import time
from multiprocessing import Pool

import numpy as np
import shapely
from shapely.geometry import shape

K = 6371008.8 * math.pi / 180   # metres per degree of latitude
REFERENCE_VERSION = 2            # bump when reference() changes: cached references are rebuilt


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


def polygonal(g, method="linework"):
    """g made valid, without the lines and points make_valid may leave. The inputs are repaired
    as the tools do (GEOS's default, linework); invalid outputs with method="structure", the
    union of their polygons (linework would turn two overlapping parts into a hole)."""
    if not shapely.is_valid(g):
        g = shapely.make_valid(g, method=method) if method == "linework" else \
            shapely.make_valid(g, method=method, keep_collapsed=False)
    if g.geom_type in ("Polygon", "MultiPolygon"):
        return g
    parts = [p for p in shapely.get_parts(g) if p.geom_type in ("Polygon", "MultiPolygon")]
    return shapely.union_all(parts) if parts else shapely.Polygon()


def origin_of(geometries):
    """The centre of the geometries' bounding box: the origin of the city's local frame."""
    box = shapely.total_bounds(geometries)
    return float((box[0] + box[2]) / 2), float((box[1] + box[3]) / 2)


def to_metres(origin, geometries):
    lon0, lat0 = origin
    kx = K * math.cos(math.radians(lat0))
    return shapely.transform(np.asarray(geometries, dtype=object),
                             lambda c: np.column_stack([(c[:, 0] - lon0) * kx, (c[:, 1] - lat0) * K]))


def area(g):
    return float(shapely.area(g)) if g is not None else 0.0


def union(geometries, method="linework"):
    """The union of polygonal geometries in metres (made valid first)."""
    parts = [polygonal(g, method) for g in geometries]
    return parts[0] if len(parts) == 1 else shapely.union_all(parts)


def readings(geometries):
    """The union of one style's input polygons, read both ways where a polygon is invalid: GEOS
    make-valid "linework" (the peers: overlapping parts of a MultiPolygon cancel out) and
    "structure" (zonectl: their union). Returns (linework, structure); one object when alike."""
    valid = shapely.is_valid(geometries)
    whole = shapely.union_all(geometries[valid])
    if valid.all():
        return whole, whole
    bad = geometries[~valid]
    return (shapely.union_all([whole] + [polygonal(g, "linework") for g in bad]),
            shapely.union_all([whole] + [polygonal(g, "structure") for g in bad]))


def reference(inputs, tolerance):
    """What the tools are measured against, from the input of one city (in its local frame).
    Where an input polygon is invalid the tools may read it differently (make-valid linework or
    structure), and neither reading is charged: a gap counts only where both readings cover the
    area, an overlap only where neither reading has the two styles overlap.

    * inner: the area every reading covers, shrunk by the margin (T + 0.2 m);
    * grown: per pair of styles, where they overlap in either reading, grown by the margin."""
    source = features_by_style(inputs)
    everything = [g for gs in source.values() for g in gs]
    if not everything:
        return None
    origin = origin_of(everything)
    margin = tolerance + 0.2
    read = {s: readings(to_metres(origin, gs)) for s, gs in source.items()}
    covered = shapely.union_all([lw for lw, _ in read.values()])
    if any(lw is not st for lw, st in read.values()):
        covered = polygonal(shapely.intersection(covered, shapely.union_all([st for _, st in read.values()])))
    # Disjoint parts shrink apart, so their shrunk parts make a valid multipolygon.
    parts = shapely.get_parts(covered)
    inner = shapely.multipolygons(shapely.get_parts(shapely.buffer(parts, -margin, quad_segs=2)))
    # Where two styles overlap (the polygonal part only: styles that merely touch share a line,
    # the border along which slivers appear), grown by the margin.
    either = {s: lw if lw is st else shapely.union(lw, st) for s, (lw, st) in read.items()}
    grown = {}
    styles = sorted(either)
    for i, a in enumerate(styles):
        for b in styles[i + 1:]:
            both = polygonal(shapely.intersection(either[a], either[b]))
            if area(both) > 0:
                grown[f"{a}\t{b}"] = shapely.buffer(both, margin, quad_segs=2)
    return {"origin": origin, "inner": inner, "grown": grown}


def cached_reference(city, inputs, tolerance, cache):
    """reference(), kept in CACHE/CITY.KEY.pickle; the key covers the files and the tolerance."""
    if not cache:
        return reference(inputs, tolerance)
    stat = [(os.path.basename(p), os.stat(p).st_size, os.stat(p).st_mtime_ns) for p in inputs]
    key = hashlib.sha256(json.dumps([REFERENCE_VERSION, tolerance, stat]).encode()).hexdigest()[:16]
    path = os.path.join(cache, f"{city}.{key}.pickle")
    try:
        with open(path, "rb") as f:
            ref = pickle.load(f)
        return ref and {"origin": ref["origin"], "inner": shapely.from_wkb(ref["inner"]),
                        "grown": {k: shapely.from_wkb(v) for k, v in ref["grown"].items()}}
    except (OSError, EOFError, pickle.UnpicklingError):
        pass
    ref = reference(inputs, tolerance)
    stored = ref and {"origin": ref["origin"], "inner": shapely.to_wkb(ref["inner"]),
                      "grown": {k: shapely.to_wkb(v) for k, v in ref["grown"].items()}}
    os.makedirs(cache, exist_ok=True)
    tmp = f"{path}.{os.getpid()}"
    with open(tmp, "wb") as f:
        pickle.dump(stored, f)
    os.replace(tmp, path)
    return ref


def new_overlap(a, b, grown):
    """area((a ∩ b) \\ grown). The pieces of a ∩ b that grown covers count nothing (an STRtree
    and a prepared `covers`, no overlay); the others lose their intersection with grown's parts.
    Pieces, like the parts of grown, are disjoint, so their areas add up."""
    pieces = shapely.get_parts(shapely.intersection(a, b))
    pieces = pieces[shapely.area(pieces) > 0]   # styles that touch share lines and points
    if len(pieces) == 0 or grown is None:
        return float(shapely.area(pieces).sum())
    pg = shapely.get_parts(grown)
    covered = np.zeros(len(pieces), dtype=bool)
    covered[shapely.STRtree(pieces).query(pg, predicate="covers")[1]] = True
    rest = pieces[~covered]
    if len(rest) == 0:
        return 0.0
    j, k = shapely.STRtree(pg).query(rest, predicate="intersects")
    inside = float(shapely.area(shapely.intersection(rest[j], pg[k])).sum())
    return max(float(shapely.area(rest).sum()) - inside, 0.0)


def measure_city(job):
    """Measures of every tool for one city: {tool: {...}}."""
    city, inputs, outputs, tolerance, cache = job
    ref = cached_reference(city, inputs, tolerance, cache)
    if ref is None:
        return city, {}
    result = {}
    for tool, paths in outputs.items():
        out = features_by_style(paths) if paths else {}
        flat = [g for gs in out.values() for g in gs]
        styles = sorted(out)
        # Invalid outputs made valid with "structure": the union of their polygons.
        mine = {s: union(to_metres(ref["origin"], out[s]), "structure") for s in styles}
        overlap = 0.0
        for i, a in enumerate(styles):
            for b in styles[i + 1:]:
                overlap += new_overlap(mine[a], mine[b], ref["grown"].get(f"{a}\t{b}"))
        covered = shapely.union_all(list(mine.values())) if mine else shapely.Polygon()
        result[tool] = {
            "files": len(paths),
            "features": len(flat),
            "vertices": int(sum(shapely.get_num_coordinates(g) for g in flat)),
            "invalid": int(sum(not shapely.is_valid(g) for g in flat)),
            "overlap_m2": overlap,
            "gap_m2": area(shapely.difference(ref["inner"], covered)),
        }
    return city, result


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--corpus", required=True)
    p.add_argument("--tolerance", type=float, required=True, help="simplification tolerance, metres")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--json", help="write the measures here")
    p.add_argument("--cache", help="keep the input references (unions, shrunk, grown) here")
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
    jobs = [(c, corpus[c], {t: v["cities"].get(c, []) for t, v in tools.items()}, args.tolerance, args.cache)
            for c in order]
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
