#!/usr/bin/env bash
# The ogr2ogr peer: what users do today, on the same input, to compare output size and time.
#
#   bench/peer-ogr2ogr.sh ZONES_DIR [SIMPLIFY_DEGREES]
#
# Per city (CITY.geojson, plus CITY.partN.geojson when a city is split over several files, read
# through a VRT union layer): make-valid, ST_Union grouped by city and style (SQLite dialect),
# optional -simplify, RFC 7946 output with 6 decimals, then gzip -9 -n. Prints the total
# authored bytes, output bytes, gzip bytes, and the wall time. Needs gdal-bin (ogr2ogr) and gzip.
#
# Environment:
#   OUT   keep the outputs there (OUT/CITY.geojson.gz, one per city); default: a temporary
#         directory, removed at exit
set -euo pipefail
zones="${1:?usage: bench/peer-ogr2ogr.sh ZONES_DIR [SIMPLIFY_DEGREES]}"
simplify="${2:-}"
if [ -n "${OUT:-}" ]; then
    out="$OUT"; mkdir -p "$out"
else
    out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
fi
start=$(date +%s.%N)
cities=0
for f in "$zones"/*.geojson; do
    name="$(basename "$f" .geojson)"
    case "$name" in *.part[0-9]*) continue ;; esac   # read with its city below
    cities=$((cities + 1))
    src="$f" layer="$name"
    parts=("$zones/$name".part[0-9]*.geojson)
    if [ -e "${parts[0]}" ]; then
        # One layer over all the city's files (GeoJSON layers are named after their file).
        src="$out/$name.vrt" layer="zones"
        {
            echo "<OGRVRTDataSource><OGRVRTUnionLayer name=\"zones\">"
            for p in "$f" "${parts[@]}"; do
                echo "<OGRVRTLayer name=\"$(basename "$p" .geojson)\"><SrcDataSource>$p</SrcDataSource></OGRVRTLayer>"
            done
            echo "</OGRVRTUnionLayer></OGRVRTDataSource>"
        } > "$src"
    fi
    args=(-f GeoJSON -dialect SQLite
          -sql "SELECT city, style, ST_Union(MakeValid(geometry)) AS geometry FROM \"$layer\" GROUP BY city, style"
          -lco RFC7946=YES -lco COORDINATE_PRECISION=6)
    [ -n "$simplify" ] && args+=(-simplify "$simplify")
    rm -f "$out/$name.geojson"
    ogr2ogr "${args[@]}" "$out/$name.geojson" "$src" 2>/dev/null
    gzip -9 -n -f "$out/$name.geojson"
    rm -f "$out/$name.vrt"
done
end=$(date +%s.%N)
authored=$(cat "$zones"/*.geojson | wc -c)
raw=$(zcat "$out"/*.geojson.gz | wc -c)
gz=$(cat "$out"/*.geojson.gz | wc -c)
printf 'ogr2ogr: %d cities, authored %d bytes -> output %d bytes -> gzip %d bytes, %.1f s wall\n' \
    "$cities" "$authored" "$raw" "$gz" "$(awk "BEGIN{print $end - $start}")"
