#!/usr/bin/env bash
# Vector tiles: zonectl's PMTiles archive against tippecanoe's, on the sample and on
# the benchmark corpus; one table with PASS/FAIL against the targets.
#
#   bench/tiles.sh                    (or: make bench-tiles)
#
# Steps, for the sample (pipeline.yml: zones/ and the `cars` point layer) and the corpus
# (bench/pipeline.yml), each run alone under /usr/bin/time -v with its input in the page cache:
# tippecanoe 2.31 (PyPI cubao-tippecanoe, TIPPECANOE_MAX_THREADS=2) on the zone files as they
# are, one layer `zones` with city and style (as shared/docs/TILES.md measured it):
#     tippecanoe -o OUT.pmtiles -z14 --detect-shared-borders --coalesce-densest-as-needed -l zones -y city -y style FILES
# -> zonectl build without tiles, then with `tiles: {format: pmtiles, min_zoom: 0, max_zoom: 14}`
# added (both --no-cache) -> scripts/check_tiles.py on zonectl's archive (and on tippecanoe's for
# the sample) against the build's GeoJSON -> bench/tiles_view.py: the bytes a 390 x 844 view at
# z11, z14, z16 fetches from each archive and as per-city GeoJSON -> bench/tiles_render.py:
# MapLibre Native (mapli) draws the GeoJSON style and the tiles style of those views, and the
# vertices MapLibre keeps of the GeoJSON rounded to the archive's grid (--floor) -> the table
# (bench/tiles_table.py, also in WORK/table.md).
#
# Until zonectl knows the `tiles:` key its cells say "pending" (the with-tiles build is tried
# and its config error shown), and the render compares the GeoJSON style with tippecanoe's
# archive through a style derived from it (a preview of the step, marked so).
#
# Environment:
#   CORPUS          corpus directory (default: bench/.corpus, generated once by bench/corpus.sh)
#   ZONECTL         the zonectl binary (default: this checkout's .build/release/zonectl, built)
#   TIPPECANOE      tippecanoe's executable (default: the one in .venv's cubao-tippecanoe, installed
#                   from bench/requirements.txt when missing)
#   CORPUS_ARCHIVE, SAMPLE_ARCHIVE
#                   an archive to check, measure and render in place of the one zonectl's
#                   with-tiles build lists in its manifest (its `tiles.key`)
#   TILES_STYLE     1 (default when `zonectl style --help` offers --tiles): render `zonectl style
#                   --tiles`; 0: the derived style
#   SKIP_RENDER     1: no MapLibre render
#   TILES_EXTENT    the zones layer's extent (`tiles.extent`: 4096, the default, or 8192)
#   SETS            which inputs (default: "sample corpus")
#   WORK            outputs, logs and timings (default: bench/.work/tiles; a run replaces them)
#   PYTHON          Python with pmtiles, mapbox-vector-tile, shapely, mapli (default: .venv/bin/python3)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
CORPUS="$(abs "${CORPUS:-$ROOT/bench/.corpus}")"
WORK="$(abs "${WORK:-$ROOT/bench/.work/tiles}")"
PY="$(abs "${PYTHON:-$ROOT/.venv/bin/python3}")"
SETS="${SETS:-sample corpus}"
TILES_EXTENT="${TILES_EXTENT:-4096}"
cd "$ROOT"
say() { echo "bench-tiles: $*" >&2; }
die() { echo "bench-tiles: error: $*" >&2; exit 1; }

# ------------------------------------------------------------------ tools
[ -x "$PY" ] || die "$PY is missing (scripts/install-deps.sh --test)"
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install -y time)"
[ -n "${EPOCHREALTIME:-}" ] || die "bash 5 or later is needed (EPOCHREALTIME)"
"$PY" -c 'import pmtiles, mapbox_vector_tile, shapely' 2>/dev/null || die "$PY lacks pmtiles, mapbox-vector-tile or shapely"
find_tippecanoe() {
    "$PY" - <<'PY' 2>/dev/null
import glob, os, cubao_tippecanoe
print(glob.glob(os.path.join(os.path.dirname(cubao_tippecanoe.__file__), "__cubao_tippecanoe_tippecanoe.exe"))[0])
PY
}
if [ -z "${TIPPECANOE:-}" ]; then
    TIPPECANOE="$(find_tippecanoe || true)"
    if [ -z "$TIPPECANOE" ]; then
        say "installing bench/requirements.txt into .venv (cubao-tippecanoe)"
        "$PY" -m pip install --quiet --disable-pip-version-check -r bench/requirements.txt >&2
        TIPPECANOE="$(find_tippecanoe)" || die "no tippecanoe executable in cubao-tippecanoe"
    fi
fi
"$TIPPECANOE" --version 2>&1 | grep -q 'v2\.' || die "$TIPPECANOE is not tippecanoe 2.x"
. "$ROOT/bench/zonectl-binary.sh"
zonectl_binary "$ROOT"
if [ -z "${TILES_STYLE:-}" ]; then
    TILES_STYLE=0
    if "$ZONECTL" style --help 2>&1 | grep -q -- '--tiles'; then TILES_STYLE=1; fi
fi
bench/corpus.sh "$CORPUS" >&2

rm -rf "$WORK"/{sample,corpus} "$WORK/table.md"
mkdir -p "$WORK"

# timed DIR NAME COMMAND...: one run, its /usr/bin/time -v report in DIR/NAME.time, output in
# DIR/NAME.log and the wall time from bash's clock in DIR/NAME.ns. Returns the command's status.
timed() {
    local dir="$1" name="$2" start end status=0; shift 2
    say "$(basename "$dir"): $name"
    start="${EPOCHREALTIME//[!0-9]/}"
    /usr/bin/time -v -o "$dir/$name.time" "$@" > "$dir/$name.log" 2>&1 || status=$?
    end="${EPOCHREALTIME//[!0-9]/}"
    echo "$(((end - start) * 1000))" > "$dir/$name.ns"
    return "$status"
}

# run_set NAME BASE_CONFIG ZONE_FILES...
run_set() {
    local name="$1" base="$2"; shift 2
    local dir="$WORK/$name" files=("$@") archive="" build status
    mkdir -p "$dir"
    sed -e "s#^output: .*#output: $dir/plain#" "$base" > "$dir/plain.yml"
    sed -e "s#^output: .*#output: $dir/tiles#" "$base" > "$dir/tiles.yml"
    printf '\n# bench/tiles.sh\ntiles: {format: pmtiles, min_zoom: 0, max_zoom: 14, extent: %s}\n' "$TILES_EXTENT" \
        >> "$dir/tiles.yml"
    cat "${files[@]}" | wc -c > "$dir/input-bytes.txt"
    TIPPECANOE_MAX_THREADS=2 timed "$dir" tippecanoe "$TIPPECANOE" -q -f -o "$dir/tippecanoe.pmtiles" \
        -z14 --detect-shared-borders --coalesce-densest-as-needed -l zones -y city -y style "${files[@]}" \
        || die "tippecanoe failed (log: $dir/tippecanoe.log)"
    cat "${files[@]}" > /dev/null
    timed "$dir" plain "$ZONECTL" build --config "$dir/plain.yml" --no-cache || die "zonectl build failed ($dir/plain.log)"
    build="$dir/plain"
    if "$ZONECTL" validate --config "$dir/tiles.yml" > "$dir/validate-tiles.log" 2>&1 \
        || ! grep -q "unknown key 'tiles'" "$dir/validate-tiles.log"; then
        cat "${files[@]}" > /dev/null
        timed "$dir" tiles "$ZONECTL" build --config "$dir/tiles.yml" --no-cache || die "zonectl build with tiles failed ($dir/tiles.log)"
        build="$dir/tiles"
        archive="$("$PY" -c 'import json, os, sys
entry = json.load(open(os.path.join(sys.argv[1], "manifest.json"))).get("tiles") or {}
print(os.path.join(sys.argv[1], entry["key"]) if entry.get("key") else "")' "$build")"
        [ -n "$archive" ] || say "$name: the build's manifest lists no tiles archive"
    else
        say "$name: zonectl does not build tiles yet: $(grep -m1 "unknown key" "$dir/validate-tiles.log")"
    fi
    local override
    override="$([ "$name" = corpus ] && echo "${CORPUS_ARCHIVE:-}" || echo "${SAMPLE_ARCHIVE:-}")"
    [ -n "$override" ] && archive="$(abs "$override")"
    echo "$archive" > "$dir/archive.txt"
    # Point totals as the build's manifest counts them, one --points-total per layer.
    mapfile -t totals < <("$PY" -c 'import json, sys
m = json.load(open(sys.argv[1] + "/manifest.json"))
for layer in m.get("points") or []:
    print("--points-total"); print("%s=%d" % (layer["layer"], sum(c["points"] for c in layer["cities"])))' "$build")
    if [ -n "$archive" ]; then
        status=0
        "$PY" scripts/check_tiles.py "$archive" --geojson-dir "$build" --max-zoom 14 "${totals[@]}" \
            > "$dir/check.json" 2> "$dir/check.log" || status=$?
        [ "$status" -le 1 ] || die "check_tiles.py could not read $archive ($dir/check.log)"
        tail -1 "$dir/check.log" >&2
        "$PY" bench/tiles_view.py "$archive" "$build" > "$dir/view.json"
    fi
    if [ "$name" = sample ]; then  # tippecanoe's faults, shown by the same checker
        "$PY" scripts/check_tiles.py "$dir/tippecanoe.pmtiles" --geojson-dir "$build" --max-zoom 14 \
            > "$dir/check-tippecanoe.json" 2> "$dir/check-tippecanoe.log" || true
        tail -1 "$dir/check-tippecanoe.log" >&2
    fi
    "$PY" bench/tiles_view.py "$dir/tippecanoe.pmtiles" "$build" > "$dir/view-tippecanoe.json"
    if [ "${SKIP_RENDER:-0}" != 1 ]; then render "$dir" "$build" "$archive"; fi
}

# render DIR BUILD ARCHIVE: the GeoJSON style (served from BUILD on 127.0.0.1) against the
# tiles style (zonectl's archive, else tippecanoe's through the derived style).
render() {
    local dir="$1" build="$2" archive="$3" port style_args=()
    rm -f "$dir/port"
    "$PY" Tests/zonectlTests/Scripts/serve_store.py "$build" "$dir/port" > "$dir/server.log" 2>&1 &
    SERVER=$!
    for _ in $(seq 100); do [ -s "$dir/port" ] && break; sleep 0.1; done
    port="$(cat "$dir/port")"
    "$ZONECTL" style --config "$dir/plain.yml" --from "$build" --base-url "http://127.0.0.1:$port/" \
        --out "$dir/style.json" --force 2> "$dir/style.log"
    if [ -n "$archive" ] && [ "$TILES_STYLE" = 1 ]; then
        "$ZONECTL" style --tiles --config "$dir/plain.yml" --from "$build" --base-url "http://127.0.0.1:$port/" \
            --out "$dir/style-tiles.json" --force 2>> "$dir/style.log"
        style_args=(--tiles-style "$dir/style-tiles.json" --floor "$TILES_EXTENT")
    fi
    [ -n "$archive" ] || archive="$dir/tippecanoe.pmtiles"
    "$PY" bench/tiles_render.py "$dir/style.json" "$archive" "$build" "$dir/render" "${style_args[@]}" \
        > "$dir/render.json" 2> "$dir/render.log" || { tail -5 "$dir/render.log" >&2; die "render failed"; }
    kill "$SERVER" 2>/dev/null || true
    SERVER=""
}
SERVER=""
trap '[ -z "$SERVER" ] || kill "$SERVER" 2>/dev/null || true' EXIT

for set in $SETS; do
    case "$set" in
        sample) run_set sample pipeline.yml zones/*.geojson ;;
        corpus) sed "s#^zones: .*#zones: $CORPUS#" bench/pipeline.yml > "$WORK/corpus-base.yml"
                run_set corpus "$WORK/corpus-base.yml" "$CORPUS"/*.geojson ;;
        *) die "SETS: unknown set '$set' (sample, corpus)" ;;
    esac
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" > "$WORK/load.txt"
"$PY" bench/tiles_table.py "$WORK" | tee "$WORK/table.md"
