#!/usr/bin/env bash
# Viewport cluster queries as a phone makes them (issue 39), on the 1,000,000-point benchmark:
#
#   bench/viewport.sh                 (or: make bench-points, after bench/points.sh)
#
# Steps: points (bench/.points-1000000, as bench/points.sh makes them) -> zonectl build of the
# sample zones plus the points as layer `cars` (radius 60, extent 512, z0-16) -> publish to
# WORK/store -> served on 127.0.0.1 (serve_store.py) -> `zonectl-bench viewport`, pinned to one
# core: a first sync with band files only and one with every point file (bytes), then per zoom a
# 390 x 844-point view at the centre of the largest city through ZoneClient's MapKit-region query:
# the first query (fetching metatiles over loopback) and 2,000 warm queries (pans of up to 30 %)
# -> the peer: pysupercluster-rust's `load` of that city's points plus `get_clusters` of the same
# boxes (what a phone would otherwise do) -> one markdown table.
#
# Environment: POINTS (default 1000000), WORK (default bench/.work/viewport), PYTHON
# (default .venv/bin/python3, with pysupercluster-rust).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
POINTS="${POINTS:-1000000}"
POINTS_DIR="${POINTS_DIR:-$ROOT/bench/.points-$POINTS}"
WORK="${WORK:-$ROOT/bench/.work/viewport}"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python3}"
cd "$ROOT"

if [ ! -e "$POINTS_DIR/.done" ]; then
    rm -rf "$POINTS_DIR"
    "$PYTHON" Tests/ZonePipelineTests/Scripts/make_points.py "$POINTS_DIR" --points "$POINTS"
    touch "$POINTS_DIR/.done"
fi
swift build -c release --static-swift-stdlib --product zonectl >&2
swift build -c release --static-swift-stdlib --product zonectl-bench >&2
ZONECTL="$ROOT/.build/release/zonectl"
BENCH="$ROOT/.build/release/zonectl-bench"

rm -rf "$WORK"/{dist,store,viewport-cache,viewport-cache-all} "$WORK"/{pipeline.yml,port,server.log,result.json}
mkdir -p "$WORK"
cat > "$WORK/pipeline.yml" <<YML
zones: $ROOT/zones
output: $WORK/dist
points:
  cars:
    source: $POINTS_DIR
    group_by: city
    radius: 60
    extent: 512
    min_points: 2
    max_zoom: 16
    keep: [id]
YML
"$ZONECTL" build --config "$WORK/pipeline.yml" --cache "$WORK/build-cache" > "$WORK/build.log" 2>&1 \
    || { tail -20 "$WORK/build.log" >&2; exit 1; }
"$ZONECTL" publish --config "$WORK/pipeline.yml" --dist "$WORK/dist" --target "$WORK/store" > "$WORK/publish.log" 2>&1 \
    || { tail -20 "$WORK/publish.log" >&2; exit 1; }

"$PYTHON" Tests/zonectlTests/Scripts/serve_store.py "$WORK/store" "$WORK/port" "$WORK/server.log" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$WORK/port" ] && break; sleep 0.1; done
PORT="$(cat "$WORK/port")"

# The largest city (most points) and its centre, from its points file.
read -r CITY_FILE LON LAT < <("$PYTHON" - "$POINTS_DIR" <<'PY'
import glob, json, os, sys
best = max(glob.glob(os.path.join(sys.argv[1], "*.geojson")), key=os.path.getsize)
pts = [f["geometry"]["coordinates"] for f in json.load(open(best))["features"]]
print(best, sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
PY
)
echo "bench-viewport: largest city $(basename "$CITY_FILE" .geojson) at $LON, $LAT" >&2
taskset -c 0 "$BENCH" viewport "http://127.0.0.1:$PORT" "$WORK" cars "$LON" "$LAT" > "$WORK/result.json"
"$PYTHON" - "$WORK/result.json" "$CITY_FILE" <<'PY'
import json, sys, time
import pysupercluster
r = json.load(open(sys.argv[1]))
features = json.load(open(sys.argv[2]))["features"]
start = time.perf_counter()
index = pysupercluster.PySupercluster(min_zoom=0, max_zoom=16, min_points=2, radius=60.0, extent=512.0)
index.load(features)
load = time.perf_counter() - start
print(f"first sync: {r['syncBytesBands']:,} bytes ({r['syncObjectsBands']} objects) with band files only, "
      f"{r['syncBytesAll']:,} ({r['syncObjectsAll']}) with every point file: "
      f"{r['syncBytesBands'] / r['syncBytesAll']:.1%} (target <= 10%) "
      f"{'PASS' if r['syncBytesBands'] <= 0.1 * r['syncBytesAll'] else 'FAIL'}")
print(f"peer: pysupercluster-rust load of the city's {len(features):,} points: {load * 1000:.0f} ms")
print()
print("| zoom (512 px) | features | first query ms (metatiles fetched) | warm p50 ms | warm p99 ms | peer load + get_clusters ms | first / peer | p99 <= 1 ms |")
print("|---|---|---|---|---|---|---|---|")
worst = 0
for z in r["zooms"]:
    w, s, e, n = z["bbox"]
    start = time.perf_counter()
    for _ in range(20):
        index.get_clusters([w, s, e, n], z["layerZoom"])
    get = (time.perf_counter() - start) / 20
    peer = (load + get) * 1000
    worst = max(worst, z["p99Ms"])
    print(f"| {z['zoom']} | {z['features']} | {z['firstMs']:.2f} ({z['fetched']}) | {z['p50Ms']:.3f} | {z['p99Ms']:.3f} "
          f"| {peer:.0f} | {z['firstMs'] / peer:.4f} | {'PASS' if z['p99Ms'] <= 1 else 'FAIL'} |")
print()
print(f"worst warm p99: {worst:.3f} ms (target <= 1 ms, one core) {'PASS' if worst <= 1 else 'FAIL'}")
PY
