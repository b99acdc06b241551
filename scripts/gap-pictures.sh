#!/usr/bin/env bash
# The gap-closing pictures of docs/commands/build.md: the sample zones built with gaps.close_m 0 and 3, and one
# window of Paris (a notch between two parking zones) drawn from each artifact as SVG.
# Environment: ZONECTL (default: .build/release/zonectl).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
ZONECTL="${ZONECTL:-$ROOT/.build/release/zonectl}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
WINDOW=2.3266,48.8908,2.3286,48.8930
for close in 0 3; do
    sed "s/^  close_m: .*/  close_m: $close/" pipeline.yml > "$WORK/pipeline-$close.yml"
    "$ZONECTL" build --config "$WORK/pipeline-$close.yml" --out "$WORK/dist-$close" --no-cache >/dev/null
done
python3 scripts/gap_picture.py "$(ls "$WORK"/dist-0/zones/paris/*.geojson.gz)" "$WINDOW" \
    docs/images/gaps-paris-before.svg "before: gaps.close_m 0"
python3 scripts/gap_picture.py "$(ls "$WORK"/dist-3/zones/paris/*.geojson.gz)" "$WINDOW" \
    docs/images/gaps-paris-after.svg "after: gaps.close_m 3"
echo "wrote docs/images/gaps-paris-before.svg and gaps-paris-after.svg"
