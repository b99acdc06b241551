#!/usr/bin/env bash
# One-city rebuilds of one or more zonectl binaries, interleaved: what `make bench` times once
# per run (one vertex of one city moved, the other cities from the cache), repeated enough to
# compare binaries on a noisy machine.
#
#   bench/rebuild-ab.sh [ROUNDS] BINARY...     e.g. bench/rebuild-ab.sh 30 /tmp/zonectl-old .build/release/zonectl
#
# Each binary gets its own copy of the corpus (symlinks, the edited city's file copied), cache
# and output in WORK/NAME-N, and one build that fills its cache; then ROUNDS rounds of: for
# each binary, one more vertex moved, then its build, timed. Prints each binary's minimum,
# first quartile and median in milliseconds (the quartile and median are the figures to
# compare: the minimum is the luckiest run).
#
# Environment: CORPUS (default bench/.corpus), EDIT_CITY (default: the first single-file city),
# WORK (default bench/.work/rebuild-ab, replaced), PY (default python3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS=20
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then ROUNDS="$1"; shift; fi
[ $# -ge 1 ] || { echo "usage: bench/rebuild-ab.sh [ROUNDS] BINARY..." >&2; exit 64; }
CORPUS="$(cd "${CORPUS:-$ROOT/bench/.corpus}" && pwd)"
WORK="${WORK:-$ROOT/bench/.work/rebuild-ab}"
PY="${PY:-python3}"
EDIT_CITY="$("$ROOT/bench/edit-city.sh" "$CORPUS")"
rm -rf "$WORK"
mkdir -p "$WORK"
sed -e "s|^zones:.*|zones: $CORPUS|" "$ROOT/bench/pipeline.yml" > "$WORK/pipeline.yml"

binaries=()
for b in "$@"; do binaries+=("$(cd "$(dirname "$b")" && pwd)/$(basename "$b")"); done
dir() { echo "$WORK/$(basename "$1")-$2"; }

for i in "${!binaries[@]}"; do
    d="$(dir "${binaries[$i]}" "$i")"
    mkdir -p "$d/zones"
    ln -s "$CORPUS"/*.geojson "$d/zones/"
    rm "$d/zones/$EDIT_CITY.geojson"
    cp "$CORPUS/$EDIT_CITY.geojson" "$d/zones/"
    "${binaries[$i]}" build --config "$WORK/pipeline.yml" --zones "$d/zones" --out "$d/dist" \
        --cache "$d/cache" > /dev/null
done

move_vertex() { "$PY" "$ROOT/bench/move_vertex.py" "$1" --quiet; }

for _ in $(seq "$ROUNDS"); do
    for i in "${!binaries[@]}"; do
        d="$(dir "${binaries[$i]}" "$i")"
        move_vertex "$d/zones/$EDIT_CITY.geojson"
        start=$(date +%s%N)
        "${binaries[$i]}" build --config "$WORK/pipeline.yml" --zones "$d/zones" --out "$d/dist" \
            --cache "$d/cache" > /dev/null
        echo $(( ($(date +%s%N) - start) / 1000 )) >> "$d/times.txt"
    done
done

echo "one-city rebuilds of $EDIT_CITY, $ROUNDS rounds (ms):"
for i in "${!binaries[@]}"; do
    d="$(dir "${binaries[$i]}" "$i")"
    sort -n "$d/times.txt" | awk -v name="${binaries[$i]}" '{ t[NR] = $1 / 1000 }
        END { printf "  %-50s min %6.1f  p25 %6.1f  median %6.1f\n", name, t[1], t[int(NR / 4) + 1], t[int(NR / 2) + 1] }'
done
