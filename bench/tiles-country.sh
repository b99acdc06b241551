#!/usr/bin/env bash
# Tiles of country-sized zones at a deep zoom: `zonectl build` with tiles on the antimeridian
# fixtures (Alaska, Chukotka three ways, Fiji; Tests/ZonePipelineTests/Fixtures/antimeridian),
# whose interiors fill tens of millions of tiles at z16. Time and memory must follow the zones'
# borders, not their tiles.
#
#   bench/tiles-country.sh           (or: make bench-tiles-country)
#
# Steps: swift build -c release -> one `zonectl build --no-cache` with
# `tiles: {format: pmtiles, min_zoom: 0, max_zoom: MAX_ZOOM}` under /usr/bin/time -v -> wall
# time, peak RSS, and the archive's tiles, entries and contents (its header, read by PyPI
# `pmtiles`).
#
# Environment:
#   MAX_ZOOM   the highest zoom (default: 16; pipeline.yml allows up to 18)
#   WORK       output and logs (default: bench/.work/tiles-country, git-ignored)
#   ZONECTL    the zonectl binary to measure (default: this checkout's .build/release/zonectl,
#              built first; another binary is used as it is)
#   PYTHON     interpreter with `pmtiles` (default: .venv/bin/python3, else python3)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
WORK="$(abs "${WORK:-$ROOT/bench/.work/tiles-country}")"
MAX_ZOOM="${MAX_ZOOM:-16}"
PYTHON="${PYTHON:-$([ -x "$ROOT/.venv/bin/python3" ] && echo "$ROOT/.venv/bin/python3" || echo python3)}"
cd "$ROOT"
say() { echo "tiles-country: $*" >&2; }
die() { echo "tiles-country: error: $*" >&2; exit 1; }
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install -y time)"

. "$ROOT/bench/zonectl-binary.sh"
zonectl_binary "$ROOT"

zones="$ROOT/Tests/ZonePipelineTests/Fixtures/antimeridian"
mkdir -p "$WORK"
printf 'zones: %s\noutput: %s\ntiles: {format: pmtiles, min_zoom: 0, max_zoom: %s}\n' \
    "$zones" "$WORK/dist" "$MAX_ZOOM" > "$WORK/pipeline.yml"
rm -rf "$WORK/dist"
say "zonectl build, tiles z0-$MAX_ZOOM ($(du -ch "$zones"/*.geojson | tail -1 | cut -f1) of zones)"
status=0
/usr/bin/time -v -o "$WORK/time.txt" "$ZONECTL" build --config "$WORK/pipeline.yml" --no-cache \
    > "$WORK/build.log" 2>&1 || status=$?
[ "$status" = 0 ] || { tail -5 "$WORK/build.log" >&2; die "zonectl build failed (exit $status); log: $WORK/build.log"; }

kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time.txt")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/time.txt")
archive=$(ls "$WORK"/dist/tiles/*.pmtiles)
echo "wall time:      $wall"
echo "peak RSS:       $((kb / 1024)) MiB"
"$PYTHON" - "$archive" <<'PY'
import os, sys
from pmtiles.reader import Reader, MmapSource
with open(sys.argv[1], "rb") as f:
    h = Reader(MmapSource(f)).header()
print(f"archive:        {os.path.getsize(sys.argv[1]):,} bytes, {h['addressed_tiles_count']:,} tiles, "
      f"{h['tile_entries_count']:,} entries, {h['tile_contents_count']:,} contents")
PY
