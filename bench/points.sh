#!/usr/bin/env bash
# Point clustering benchmark (issue 15): zonectl's point build against pysupercluster-rust.
#
#   bench/points.sh                   (or: make bench-points)
#
# 1,000,000 points from Tests/ZonePipelineTests/Scripts/make_points.py (a copy of
# ../shared/tools/make_points.py), z0-16, radius 60, extent 512. Targets: zonectl's clustering
# <= 0.5x the Rust port's `load`, the whole point build (read, cluster, write, gzip) <= 1.0x it,
# peak RSS <= 2x the input bytes.
#
# Then the cluster order (issue 39): 300,000 points in 12 cities (make_points.py --points 300000
# --cities 12 --seed 7 --duplicates 0.05, in bench/.points-order-300000, git-ignored, made once),
# zonectl's clusters per zoom against pysupercluster-rust's on the same files in file order and
# shuffled (bench/points_order.py). Target: at every zoom, at most 1.02x the peer's file order,
# in total and per city.
#
# Environment:
#   POINTS_DIR  the generated points (default: bench/.points-$POINTS, git-ignored; made once)
#   ORDER_DIR   the cluster-order points (default: bench/.points-order-300000)
#   POINTS      how many (default: 1000000)
#   PYTHON      Python with pysupercluster-rust (default: .venv/bin/python3, see scripts/install-deps.sh --test)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
POINTS="${POINTS:-1000000}"
POINTS_DIR="${POINTS_DIR:-$ROOT/bench/.points-$POINTS}"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python3}"
cd "$ROOT"

if [ ! -e "$POINTS_DIR/.done" ]; then
    rm -rf "$POINTS_DIR"
    "$PYTHON" Tests/ZonePipelineTests/Scripts/make_points.py "$POINTS_DIR" --points "$POINTS"
    touch "$POINTS_DIR/.done"
fi
INPUT_BYTES=$(cat "$POINTS_DIR"/*.geojson | wc -c)
echo "bench: $POINTS points, $INPUT_BYTES bytes in $(ls "$POINTS_DIR"/*.geojson | wc -l) files"

swift build -c release --static-swift-stdlib --product zonectl-bench
BIN="$ROOT/.build/release/zonectl-bench"

peer=$("$PYTHON" bench/peer_pysupercluster.py "$POINTS_DIR")
echo "peer pysupercluster-rust: $peer"
# The targets are judged on the run with every core (how zonectl runs; the peer's `load` is
# single-threaded, as the Rust port runs); the one-core run is printed beside it.
for jobs in 1 "$(nproc)"; do
    out=$( { /usr/bin/time -f 'rss_kb=%M' "$BIN" points --jobs "$jobs" "$POINTS_DIR"; } 2>&1 )
    echo "zonectl --jobs $jobs: $out"
    "$PYTHON" - "$peer" "$out" "$INPUT_BYTES" "$jobs" "$(nproc)" <<'PY'
import json, re, sys
peer = json.loads(sys.argv[1])
lines = sys.argv[2].splitlines()
ours = json.loads(next(l for l in lines if l.startswith("{")))
rss = int(re.search(r"rss_kb=(\d+)", sys.argv[2]).group(1)) * 1024
load = peer["load_s"]
judged = sys.argv[4] == sys.argv[5]
def verdict(ok):
    return ("PASS" if ok else "FAIL") if judged else ("(met)" if ok else "(not met)")
cluster, total, ratio = ours["cluster_s"] / load, ours["total_s"] / load, rss / int(sys.argv[3])
print(f"  clustering {ours['cluster_s']:.2f} s = {cluster:.2f}x the peer's load {load:.2f} s (target <= 0.5x) {verdict(cluster <= 0.5)}")
print(f"  whole point build {ours['total_s']:.2f} s = {total:.2f}x (target <= 1.0x) {verdict(total <= 1.0)}")
print(f"  peak RSS {rss / 1e6:.0f} MB = {ratio:.2f}x the input bytes (target <= 2x) {verdict(ratio <= 2.0)}")
PY
done

ORDER_DIR="${ORDER_DIR:-$ROOT/bench/.points-order-300000}"
if [ ! -e "$ORDER_DIR/.done" ]; then
    rm -rf "$ORDER_DIR"
    "$PYTHON" Tests/ZonePipelineTests/Scripts/make_points.py "$ORDER_DIR" --points 300000 --cities 12 --seed 7 \
        --duplicates 0.05
    touch "$ORDER_DIR/.done"
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$PYTHON" bench/peer_pysupercluster.py --counts "$ORDER_DIR" >"$WORK/peer.json"
"$BIN" points --jobs "$(nproc)" --clusters "$ORDER_DIR" | sed -n 2p >"$WORK/ours.json"
echo "cluster order: 300,000 points, 12 cities (seed 7, duplicates 0.05), clusters per zoom:"
"$PYTHON" bench/points_order.py "$WORK/peer.json" "$WORK/ours.json"
