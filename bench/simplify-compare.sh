#!/usr/bin/env bash
# Shared-border simplification: zonectl against `ogr2ogr -simplify` on the same input.
#
#   bench/simplify-compare.sh [ZONES_DIR]        (default: the 42 real cities of the test fixtures)
#
# For each tolerance, both tools simplify the same geometry: zonectl's geometry stage output at
# tolerance 0 (repaired, dissolved, carved by priority, snapped: neighbouring styles share their
# borders exactly). zonectl simplifies it at tolerance T metres (its shared-arc method, then
# snapping); ogr2ogr -simplify gets each city's file at tolerance T converted to degrees
# (GEOS TopologyPreservingSimplifier, feature by feature). bench/simplify_compare.py (python3 +
# shapely) then measures, per city and in total: vertices kept, invalid features, overlap between
# features, the gap opened between neighbours, the change of the city's covered area, and the
# largest Hausdorff deviation of a feature from the input.
#
# Environment:
#   TOLERANCES    metres, space separated (default: "1 2")
#   METHOD        douglas-peucker | visvalingam (default: douglas-peucker)
#   PRIORITY      overlap priority (default: no-parking,slow-zone,service-area,parking)
#   OGR_DEGREES   how metres become degrees for ogr2ogr: lat (default: T / 111,195 m, so no
#                 deviation exceeds T metres in any direction, as zonectl guarantees) or lon
#                 (T / (111,195 m · cos φ) at the city's mean latitude: east–west exact,
#                 north–south deviations up to T / cos φ)
#   WORK          scratch directory (default: a new temporary directory, removed at exit)
#   PYTHON        python3 with shapely 2 (default: python3)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ZONES="${1:-$ROOT/Tests/ZonePipelineTests/Fixtures/zones-real}"
TOLERANCES="${TOLERANCES:-1 2}"
METHOD="${METHOD:-douglas-peucker}"
PRIORITY="${PRIORITY:-no-parking,slow-zone,service-area,parking}"
OGR_DEGREES="${OGR_DEGREES:-lat}"
PYTHON="${PYTHON:-python3}"
command -v ogr2ogr >/dev/null || { echo "simplify-compare: ogr2ogr (gdal-bin) is missing" >&2; exit 2; }
"$PYTHON" -c 'import shapely, numpy' || { echo "simplify-compare: $PYTHON lacks shapely/numpy" >&2; exit 2; }

if [ -n "${WORK:-}" ]; then mkdir -p "$WORK"; else WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT; fi

(cd "$ROOT" && swift build -c release --static-swift-stdlib --product zonectl-bench >&2)
BIN="$ROOT/.build/release/zonectl-bench"

echo "simplify-compare: input $ZONES, method $METHOD, priority $PRIORITY, ogr2ogr degrees: $OGR_DEGREES" >&2
"$BIN" geojson --out "$WORK/base" --tolerance 0 --priority "$PRIORITY" "$ZONES" > "$WORK/base.tsv" 2> "$WORK/base.log"
for T in $TOLERANCES; do
    "$BIN" geojson --out "$WORK/zonectl-$T" --tolerance "$T" --method "$METHOD" --priority "$PRIORITY" "$ZONES" \
        > "$WORK/zonectl-$T.tsv" 2> "$WORK/zonectl-$T.log"
    mkdir -p "$WORK/ogr-$T"
    start=$(date +%s.%N)
    for f in "$WORK"/base/*.geojson; do
        city="$(basename "$f" .geojson)"
        deg="$("$PYTHON" - "$f" "$T" "$OGR_DEGREES" <<'PY'
import json, math, sys
path, t, mode = sys.argv[1], float(sys.argv[2]), sys.argv[3]
box = json.load(open(path)).get("bbox") or [0, 0, 0, 0]
lat = (box[1] + box[3]) / 2
metres_per_degree = 6371008.8 * math.pi / 180
scale = metres_per_degree * (math.cos(math.radians(lat)) if mode == "lon" else 1)
print(repr(t / scale))
PY
)"
        ogr2ogr -f GeoJSON -simplify "$deg" "$WORK/ogr-$T/$city.geojson" "$f"
    done
    end=$(date +%s.%N)
    echo "simplify-compare: ogr2ogr -simplify at $T m: $(echo "$end - $start" | bc) s for $(ls "$WORK/base" | wc -l) cities (process start-up included)" >&2
    echo "simplify-compare: zonectl at $T m: simplify step $(awk -F'\t' '{s += $7} END {printf "%.2f", s}' "$WORK/zonectl-$T.tsv") thread-s;" \
         "warnings: $(grep -c 'simplify:' "$WORK/zonectl-$T.log" || true) simplify fallback(s)" >&2
done
"$PYTHON" "$ROOT/bench/simplify_compare.py" "$WORK" $TOLERANCES
