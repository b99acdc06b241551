"""Moves the second vertex of a zone file's first polygon's outer ring a tenth of the way to the
third: the one-city edit whose rebuild bench/run.sh and bench/rebuild-ab.sh time.

    python3 bench/move_vertex.py FILE.geojson [--quiet]
"""
import json
import sys

path = sys.argv[1]
doc = json.load(open(path, encoding="utf-8"))
for f in doc["features"]:
    g = f.get("geometry") or {}
    ring = (g["coordinates"][0] if g.get("type") == "Polygon" else
            g["coordinates"][0][0] if g.get("type") == "MultiPolygon" else [])
    if len(ring) >= 4:
        a, b = ring[1], ring[2]
        ring[1] = [a[0] + (b[0] - a[0]) / 10, a[1] + (b[1] - a[1]) / 10]
        break
json.dump(doc, open(path, "w", encoding="utf-8"))
if "--quiet" not in sys.argv[2:]:
    print(f"bench: moved one vertex of {path}", file=sys.stderr)
