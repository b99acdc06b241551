"""Independent check of `zonectl validate --format json` against shapely (GEOS via Python).

usage: check_validity.py ZONECTL_JSON ZONES_DIR

For every feature shapely finds invalid there must be exactly one zonectl "invalid geometry"
diagnostic, whose file:line:col points at a position of that feature in the source text, and
that position must be the feature's vertex nearest to the location zonectl names in the message.
Reasons and locations are not compared with shapely's: its wheel bundles a newer GEOS, which may
name another of a feature's defects first. Prints one JSON object with the counts and every
mismatch.
"""
import json
import math
import os
import re
import sys

from shapely.geometry import shape
from shapely.validation import explain_validity

NUMBER = r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?"
POSITION = re.compile(r"\[\s*(" + NUMBER + r")\s*,\s*(" + NUMBER + r")")
EXPLAIN = re.compile(r"^(.*)\[(" + NUMBER + r") (" + NUMBER + r")\]$")


def vertices(geometry):
    polys = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
    return [(float(p[0]), float(p[1])) for poly in polys for ring in poly for p in ring]


def main():
    report = json.load(open(sys.argv[1]))
    zones = sys.argv[2]
    invalid = {}  # (file, feature index) -> (reason, x, y, vertices)
    files = sorted(f for f in os.listdir(zones) if f.endswith(".geojson"))
    for name in files:
        doc = json.load(open(os.path.join(zones, name), encoding="utf-8"))
        for i, feature in enumerate(doc["features"]):
            g = shape(feature["geometry"])
            if not g.is_valid:
                m = EXPLAIN.match(explain_validity(g))
                invalid[(name, i)] = (m.group(1), float(m.group(2)), float(m.group(3)), vertices(feature["geometry"]))

    lines = {}
    matched, problems = 0, []
    taken = set()
    last = {}
    for d in report["diagnostics"]:
        if not d["message"].startswith("invalid geometry: "):
            continue
        near = re.search(r" at or near \[(" + NUMBER + r"), (" + NUMBER + r")\]", d["message"])
        if not near:
            problems.append(f"{d['file']}:{d['line']}:{d['column']}: message names no location: {d['message']}")
            continue
        x, y = float(near.group(1)), float(near.group(2))
        name = os.path.basename(d["file"])
        if name not in lines:
            lines[name] = open(os.path.join(zones, name), encoding="utf-8").read().split("\n")
        text = lines[name][d["line"] - 1][d["column"] - 1:]
        m = POSITION.match(text)
        if not m:
            problems.append(f"{name}:{d['line']}:{d['column']} does not point at a position: {text[:40]!r}")
            continue
        at = (float(m.group(1)), float(m.group(2)))
        # Diagnostics come in source order, and so do features: take the first invalid feature
        # after the last one matched in this file that has this vertex.
        after = last.get(name, -1)
        candidates = sorted(k for k, v in invalid.items() if k[0] == name and k[1] > after and at in v[3])
        if not candidates:
            problems.append(f"{name}:{d['line']}:{d['column']}: no invalid feature after #{after} has vertex {at}")
            continue
        key = candidates[0]
        taken.add(key)
        last[name] = key[1]
        verts = invalid[key][3]
        best = min(math.hypot(vx - x, vy - y) for vx, vy in verts)
        if math.hypot(at[0] - x, at[1] - y) > best + 1e-12:
            problems.append(f"{name}:{d['line']}:{d['column']}: vertex {at} is not the nearest to {(x, y)}")
            continue
        matched += 1
    for key in invalid:
        if key not in taken:
            problems.append(f"{key[0]} feature {key[1]}: shapely says {invalid[key][0]!r}, zonectl reported nothing")
    clean = [f for f in files if not any(k[0] == f for k in invalid)]
    print(json.dumps({"invalid": len(invalid), "matched": matched, "problems": problems, "clean_files": clean}))


main()
