"""Independent check of a zonectl build output directory.

usage: check_artifacts.py DIST SCHEMA PRECISION

Checks manifest.json against the JSON Schema, that every artifact's sha256 (of its
uncompressed bytes) and sizes match the manifest, that every feature has "style" and "bbox",
that no coordinate has more than PRECISION decimals, that shapely finds every geometry valid,
that no polygon spans more than 180 degrees of longitude, and that each bbox (feature,
collection, manifest) is the smallest box holding its polygons, with west > east exactly when
that box runs through the antimeridian (RFC 7946 section 5.2; computed here by brute force).
Prints one JSON object with counts (spanning: bboxes with west > east) and problems.
"""
import gzip
import hashlib
import json
import os
import re
import sys

import jsonschema
from shapely.geometry import shape

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Scripts"))
from geojson_boxes import parts, rfc7946_box  # noqa: E402


dist, schema_path, precision = sys.argv[1], sys.argv[2], int(sys.argv[3])
manifest = json.load(open(os.path.join(dist, "manifest.json")))
problems = []
try:
    jsonschema.validate(manifest, json.load(open(schema_path)))
except jsonschema.ValidationError as e:
    problems.append(f"manifest: {e.message}")

too_precise = re.compile(r"-?\d+\.\d{%d,}" % (precision + 1))
features = invalid = spanning = 0
entries = manifest["cities"] + [dict(manifest["styles"], id="styles")]
for entry in entries:
    encoded = open(os.path.join(dist, entry["key"]), "rb").read()
    raw = gzip.decompress(encoded)
    if len(encoded) != entry["encodedBytes"]:
        problems.append(f"{entry['key']}: encodedBytes {entry['encodedBytes']} != {len(encoded)}")
    if len(raw) != entry["bytes"]:
        problems.append(f"{entry['key']}: bytes {entry['bytes']} != {len(raw)}")
    if hashlib.sha256(raw).hexdigest() != entry["sha256"]:
        problems.append(f"{entry['key']}: sha256 mismatch")
    if entry["id"] == "styles":
        continue
    doc = json.loads(raw)
    if too_precise.search(raw.decode()):
        problems.append(f"{entry['key']}: a number has more than {precision} decimals")
    every = []
    for f in doc["features"]:
        features += 1
        if "style" not in f["properties"] or "bbox" not in f:
            problems.append(f"{entry['key']}: a feature lacks style or bbox")
            continue
        g = shape(f["geometry"])
        if not g.is_valid:
            invalid += 1
        wide = [p for p in parts(g) if p.bounds[2] - p.bounds[0] > 180]
        if wide:
            problems.append(f"{entry['key']}: {len(wide)} polygon(s) span more than 180 degrees of longitude")
        every += parts(g)
        if rfc7946_box(parts(g)) != f["bbox"]:
            problems.append(f"{entry['key']}: bbox {f['bbox']} != smallest box {rfc7946_box(parts(g))}")
        spanning += f["bbox"][0] > f["bbox"][2]
    if every and (doc.get("bbox") != rfc7946_box(every) or entry["bbox"] != doc.get("bbox")):
        problems.append(f"{entry['key']}: collection bbox {doc.get('bbox')}, manifest {entry['bbox']}, smallest box {rfc7946_box(every)}")
    if len(doc["features"]) != entry["features"]:
        problems.append(f"{entry['key']}: {len(doc['features'])} features, manifest says {entry['features']}")
print(json.dumps({"cities": len(manifest["cities"]), "features": features, "invalid": invalid, "spanning": spanning,
                  "problems": problems}))
