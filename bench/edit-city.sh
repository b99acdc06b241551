#!/usr/bin/env bash
# The city a one-city rebuild edits (bench/run.sh, bench/rebuild-ab.sh): $EDIT_CITY when set,
# else the corpus's first city held in one file (no CITY.partN.geojson beside it).
#
#   bench/edit-city.sh CORPUS
set -euo pipefail
if [ -n "${EDIT_CITY:-}" ]; then echo "$EDIT_CITY"; exit 0; fi
for f in "$1"/*.geojson; do
    name="$(basename "$f" .geojson)"
    case "$name" in *.part[0-9]*) continue ;; esac
    if ! ls "$1/$name".part[0-9]*.geojson >/dev/null 2>&1; then echo "$name"; exit 0; fi
done
echo "bench/edit-city.sh: no single-file city in $1" >&2
exit 1
