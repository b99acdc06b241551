#!/usr/bin/env bash
# Renders the sample cities as map clients see them into docs/images/<city>.png (make style-images):
# build the sample zones, serve the build over loopback HTTP with Content-Encoding: gzip
# (Tests/zonectlTests/Scripts/serve_store.py), write `zonectl style` for that server, and draw
# each city with MapLibre Native (mapli) under Xvfb (render_style.py), 512 x 512 px, over a plain
# #f2efe9 background standing in for a base map. Needs `scripts/install-deps.sh --test` (.venv).
#
# Environment: ZONECTL (default: .build/debug/zonectl, built if absent), PYTHON (default: .venv/bin/python3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python3}"
ZONECTL="${ZONECTL:-$ROOT/.build/debug/zonectl}"
SCRIPTS="$ROOT/Tests/zonectlTests/Scripts"
[ -x "$ZONECTL" ] || swift build --product zonectl

WORK="$(mktemp -d)"
server=''
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

"$ZONECTL" build --config pipeline.yml --out "$WORK/dist" --no-cache >/dev/null
"$PYTHON" "$SCRIPTS/serve_store.py" "$WORK/dist" "$WORK/port" &
server=$!
for _ in $(seq 100); do [ -s "$WORK/port" ] && break; sleep 0.1; done
[ -s "$WORK/port" ] || { echo "style-images: the HTTP server did not start" >&2; exit 1; }

"$ZONECTL" style --config pipeline.yml --from "$WORK/dist" --base-url "http://127.0.0.1:$(cat "$WORK/port")/" \
    --out "$WORK/style.json"
"$PYTHON" "$SCRIPTS/render_style.py" "$WORK/style.json" "$WORK/dist" "$WORK/images" >"$WORK/result.json"
mkdir -p docs/images
for image in "$WORK"/images/*-background.png; do
    city="$(basename "$image" -background.png)"
    cp "$image" "docs/images/$city.png"
    echo "style-images: docs/images/$city.png"
done
