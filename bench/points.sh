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
# Environment:
#   POINTS_DIR  the generated points (default: bench/.points, git-ignored; made once)
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

swift build -c release --product zonectl-bench
BIN="$ROOT/.build/release/zonectl-bench"

peer=$("$PYTHON" bench/peer_pysupercluster.py "$POINTS_DIR")
echo "peer pysupercluster-rust: $peer"
for jobs in 1 "$(nproc)"; do
    out=$( { /usr/bin/time -f 'rss_kb=%M' "$BIN" points --jobs "$jobs" "$POINTS_DIR"; } 2>&1 )
    echo "zonectl --jobs $jobs: $out"
    "$PYTHON" - "$peer" "$out" "$INPUT_BYTES" <<'PY'
import json, re, sys
peer = json.loads(sys.argv[1])
lines = sys.argv[2].splitlines()
ours = json.loads(next(l for l in lines if l.startswith("{")))
rss = int(re.search(r"rss_kb=(\d+)", sys.argv[2]).group(1)) * 1024
load = peer["load_s"]
print(f"  clustering {ours['cluster_s']:.2f} s = {ours['cluster_s'] / load:.2f}x the peer's load {load:.2f} s (target <= 0.5x)")
print(f"  whole point build {ours['total_s']:.2f} s = {ours['total_s'] / load:.2f}x (target <= 1.0x)")
print(f"  peak RSS {rss / 1e6:.0f} MB = {rss / int(sys.argv[3]):.2f}x the input bytes (target <= 2x)")
PY
done
