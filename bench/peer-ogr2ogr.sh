#!/usr/bin/env bash
# The ogr2ogr peer: what users do today, on the same input, to compare output size and time.
#
#   bench/peer-ogr2ogr.sh ZONES_DIR [SIMPLIFY_DEGREES]
#
# Per input file: make-valid, ST_Union grouped by city and style (SQLite dialect), optional
# -simplify, RFC 7946 output with 6 decimals, then gzip -9. Prints the total authored bytes,
# output bytes, gzip bytes, and the wall time. Needs gdal-bin (ogr2ogr) and gzip.
set -euo pipefail
zones="${1:?usage: bench/peer-ogr2ogr.sh ZONES_DIR [SIMPLIFY_DEGREES]}"
simplify="${2:-}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
start=$(date +%s.%N)
for f in "$zones"/*.geojson; do
    name="$(basename "$f" .geojson)"
    layer="$(ogrinfo -ro -q "$f" | sed -n 's/^1: \([^ ]*\).*/\1/p')"
    args=(-f GeoJSON -dialect SQLite
          -sql "SELECT city, style, ST_Union(MakeValid(geometry)) AS geometry FROM \"$layer\" GROUP BY city, style"
          -lco RFC7946=YES -lco COORDINATE_PRECISION=6)
    [ -n "$simplify" ] && args+=(-simplify "$simplify")
    ogr2ogr "${args[@]}" "$out/$name.geojson" "$f" 2>/dev/null
    gzip -9 -n -c "$out/$name.geojson" > "$out/$name.geojson.gz"
done
end=$(date +%s.%N)
authored=$(cat "$zones"/*.geojson | wc -c)
raw=$(cat "$out"/*.geojson | wc -c)
gz=$(cat "$out"/*.geojson.gz | wc -c)
printf 'ogr2ogr: %d files, authored %d bytes -> output %d bytes -> gzip %d bytes, %.1f s wall\n' \
    "$(ls "$zones"/*.geojson | wc -l)" "$authored" "$raw" "$gz" "$(awk "BEGIN{print $end - $start}")"
