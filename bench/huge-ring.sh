#!/usr/bin/env bash
# Peak memory of `zonectl build` on one huge ring (reliability issue, item 8: a 2-million-vertex
# ring must build with a peak RSS below 250 bytes per vertex).
#
#   bench/huge-ring.sh               (or: make bench-huge-ring)
#
# Steps: bench/make_huge_ring.py writes WORK/zones/huge-ring.geojson once (one valid Polygon,
# VERTICES positions, 15 decimals, ~78 MB for 2,000,000) -> swift build -c release -> one
# `zonectl build --no-cache` of it under /usr/bin/time -v -> peak RSS, bytes per vertex, wall
# time, PASS or FAIL (exit 1) against LIMIT.
#
# Environment:
#   VERTICES   positions of the ring (default: 2000000)
#   LIMIT      bytes of peak RSS per vertex allowed (default: 250)
#   WORK       input, output and logs (default: bench/.work/huge-ring, git-ignored)
#   ZONECTL    the zonectl binary to measure (default: this checkout's .build/release/zonectl,
#              built first; another binary is used as it is)
#   PYTHON     interpreter for the generator (default: python3)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
WORK="$(abs "${WORK:-$ROOT/bench/.work/huge-ring}")"
VERTICES="${VERTICES:-2000000}"
LIMIT="${LIMIT:-250}"
PYTHON="${PYTHON:-python3}"
cd "$ROOT"
say() { echo "huge-ring: $*" >&2; }
die() { echo "huge-ring: error: $*" >&2; exit 1; }
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install -y time)"

input="$WORK/zones/huge-ring.geojson"
if [ ! -f "$input" ] || [ "$(cat "$WORK/vertices" 2>/dev/null)" != "$VERTICES" ]; then
    say "writing a ring of $VERTICES vertices to $input"
    mkdir -p "$WORK/zones"
    "$PYTHON" bench/make_huge_ring.py "$input" --vertices "$VERTICES"
    echo "$VERTICES" > "$WORK/vertices"
fi

. "$ROOT/bench/zonectl-binary.sh"
zonectl_binary "$ROOT"

# The built-in defaults (precision 6, simplify 1 m, repair), zones and output in WORK.
printf 'zones: %s\noutput: %s\n' "$WORK/zones" "$WORK/dist" > "$WORK/pipeline.yml"
rm -rf "$WORK/dist"
cat "$input" > /dev/null  # page cache warm
say "zonectl build ($(du -h "$input" | cut -f1) input)"
status=0
/usr/bin/time -v -o "$WORK/time.txt" "$ZONECTL" build --config "$WORK/pipeline.yml" --zones "$WORK/zones" \
    --out "$WORK/dist" --no-cache > "$WORK/build.log" 2>&1 || status=$?
[ "$status" = 0 ] || { cat "$WORK/build.log" >&2; die "zonectl build failed (exit $status); log: $WORK/build.log"; }

kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time.txt")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/time.txt")
cpu=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.1f", u + s}' "$WORK/time.txt")
bytes=$((kb * 1024))
per=$(awk -v b="$bytes" -v n="$VERTICES" 'BEGIN {printf "%.1f", b / n}')
echo "input:          $(stat -c %s "$input") bytes, $VERTICES vertices"
echo "peak RSS:       $bytes bytes ($((kb / 1024)) MiB)"
echo "per vertex:     $per bytes (limit $LIMIT)"
echo "wall time:      $wall (CPU ${cpu} s)"
if awk -v p="$per" -v l="$LIMIT" 'BEGIN {exit !(p < l)}'; then
    echo "PASS: peak RSS below $LIMIT bytes per vertex"
else
    echo "FAIL: peak RSS is $per bytes per vertex, the limit is $LIMIT"
    exit 1
fi
