#!/usr/bin/env bash
# zonectl against its peers (ogr2ogr, geopandas) on the benchmark corpus: one command, one table.
#
#   bench/run.sh                      (or: make bench)
#
# Steps: Python tools into .venv (idempotent) -> corpus (generated once, cached) -> swift build
# -c release -> page cache warmed, then each tool alone, under /usr/bin/time -v: zonectl build
# (bench/pipeline.yml, --no-cache), the ogr2ogr peer, the geopandas peer -> zonectl-bench read
# (reader MB/s) -> one file of every city (CORPUS.onefile, made once) -> incremental rebuild
# after moving one vertex of one city -> bench/measure.py on
# the three outputs (what they are measured against is cached in bench/.cache/measure) ->
# bench/table.py prints the table (also in WORK/table.md).
#
# Environment:
#   CORPUS       corpus directory (default: bench/.corpus; relative to the current directory)
#   CORPUS_ARGS  generator arguments when CORPUS must be generated, e.g. '--cities 5 --polygons 3000'
#                for a quick check; without CORPUS, the corpus goes to bench/.corpus-HASH (one per
#                set of arguments)
#   TOLERANCE_M  simplification tolerance in metres (default: 2); the peers get TOLERANCE_M /
#                111,195 degrees (no border moves more than TOLERANCE_M in any direction)
#   OVERLAPS     priority (default: zonectl's default, disjoint styles) or allow (styles kept
#                whole, as the peers do)
#   ENCODINGS    gzip (default) or br: br builds with `encodings: [gzip, br]` (brotli beside gzip),
#                and the table gives both totals
#   RUNS         timed runs of each tool, interleaved (default: 1); the table shows the fastest
#   REBUILDS     timed one-city rebuilds (default: RUNS, at least 5); the table shows the fastest
#   SKIP_PEERS   1: zonectl only (no ogr2ogr, no geopandas, no geopandas install)
#   SKIP_DEPS    1: do not run scripts/install-deps.sh (gdal-bin, .venv with shapely)
#   JOBS         processes of bench/measure.py (default: 2)
#   EDIT_CITY    the city edited for the incremental rebuild (default: the first single-file city)
#   WORK         outputs, logs and timings (default: bench/.work, git-ignored; a run replaces them)
#   ZONECTL      the zonectl binary to measure (default: this checkout's .build/release/zonectl)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck disable=SC2164
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
if [ -z "${CORPUS:-}" ] && [ -n "${CORPUS_ARGS:-}" ]; then
    # A corpus of its own for other generator arguments, e.g. bench/.corpus-1a2b3c4d.
    CORPUS="$ROOT/bench/.corpus-$(printf '%s' "$CORPUS_ARGS" | sha256sum | cut -c1-8)"
fi
CORPUS="$(abs "${CORPUS:-$ROOT/bench/.corpus}")"
WORK="$(abs "${WORK:-$ROOT/bench/.work}")"
ZONECTL="$(abs "${ZONECTL:-$ROOT/.build/release/zonectl}")"
cd "$ROOT"

TOLERANCE_M="${TOLERANCE_M:-2}"
OVERLAPS="${OVERLAPS:-priority}"
ENCODINGS="${ENCODINGS:-gzip}"
RUNS="${RUNS:-1}"
SKIP_PEERS="${SKIP_PEERS:-0}"
JOBS="${JOBS:-2}"
PY="$ROOT/.venv/bin/python3"
say() { echo "bench: $*" >&2; }
die() { echo "bench: error: $*" >&2; exit 1; }
case "$OVERLAPS" in priority | allow) ;; *) die "OVERLAPS must be priority or allow, not '$OVERLAPS'" ;; esac
case "$ENCODINGS" in gzip | br) ;; *) die "ENCODINGS must be gzip or br, not '$ENCODINGS'" ;; esac

# ------------------------------------------------------------------ tools
if [ "${SKIP_DEPS:-0}" != 1 ]; then
    scripts/install-deps.sh --test >&2
fi
[ -x "$PY" ] || die "$PY is missing (run scripts/install-deps.sh --test, or unset SKIP_DEPS)"
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install -y time)"
if [ "$SKIP_PEERS" != 1 ]; then
    command -v ogr2ogr >/dev/null || die "ogr2ogr is missing (apt-get install -y gdal-bin)"
    stamp="$ROOT/.venv/.zonectl-bench-requirements.sha256"
    want="$(sha256sum bench/requirements.txt | cut -d' ' -f1)"
    if [ "$want" != "$(cat "$stamp" 2>/dev/null || true)" ] || ! "$PY" -c 'import geopandas, pyogrio' 2>/dev/null; then
        say "installing bench/requirements.txt into .venv"
        "$PY" -m pip install --quiet --disable-pip-version-check -r bench/requirements.txt >&2
        echo "$want" > "$stamp"
    fi
fi

# ------------------------------------------------------------------ corpus, build, settings
bench/corpus.sh "$CORPUS" >&2
# The two products only: with --static-swift-stdlib the test support targets (Testing) do not build.
swift build -c release --static-swift-stdlib --product zonectl >&2
swift build -c release --static-swift-stdlib --product zonectl-bench >&2
DEGREES="$(awk -v t="$TOLERANCE_M" 'BEGIN { printf "%.9g", t / (6371008.8 * atan2(0, -1) / 180) }')"

# Only what this script writes is removed: WORK may be a directory of yours.
rm -rf "$WORK"/{time,log,zonectl,ogr2ogr,geopandas,incremental,onefile} \
    "$WORK"/{pipeline.yml,settings.json,reader.txt,load-start.txt,load-end.txt,measure.json,table.md}
mkdir -p "$WORK/time" "$WORK/log"
sed -e "s/^  tolerance_m: .*/  tolerance_m: $TOLERANCE_M/" \
    -e "$([ "$OVERLAPS" = allow ] && echo 's/^overlaps: .*/overlaps: allow/' || echo 's/^$//')" \
    bench/pipeline.yml > "$WORK/pipeline.yml"
if [ "$ENCODINGS" = br ]; then echo "encodings: [gzip, br]" >> "$WORK/pipeline.yml"; fi
cat > "$WORK/settings.json" <<EOF
{"corpus": "$CORPUS", "tolerance_m": $TOLERANCE_M, "degrees": $DEGREES, "runs": $RUNS,
 "overlaps": "$OVERLAPS", "peers": $([ "$SKIP_PEERS" = 1 ] && echo false || echo true),
 "zonectl": "$ZONECTL", "checkout": "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- Sources 2>/dev/null || echo +changes)"}
EOF

[ -n "${EPOCHREALTIME:-}" ] || die "bash 5 or later is needed (EPOCHREALTIME, for the timings)"
# What the next timed runs read (files, or directories whose files, links followed), put in
# the page cache before each run: the corpus for the full builds and the peers, and for the
# other zonectl runs their own input (the one file; the edited file and the cache). A cat of
# the 180 MB corpus just before a 0.09 s rebuild, which reads neither, cost it about 3 ms.
reads=("$CORPUS"/*.geojson)
warm() { find -L "${reads[@]}" -type f -exec cat {} + > /dev/null; }
# timed NAME RUN COMMAND...: one run alone, what it reads in the page cache; /usr/bin/time -v report
# in WORK/time/NAME.RUN.txt, output in WORK/log/NAME.RUN.log, and the wall time in nanoseconds
# in WORK/time/NAME.RUN.ns: /usr/bin/time gives hundredths of a second, cut, not rounded, a
# tenth of a one-city rebuild. Read from bash's clock, without starting a process (`date`
# added 1.5 ms); the start of /usr/bin/time itself is in it (about 2 ms for /bin/true).
timed() {
    local name="$1" run="$2" start end; shift 2
    warm
    say "$name (run $run)"
    start="${EPOCHREALTIME//[!0-9]/}"
    if ! /usr/bin/time -v -o "$WORK/time/$name.$run.txt" "$@" > "$WORK/log/$name.$run.log" 2>&1; then
        tail -20 "$WORK/log/$name.$run.log" >&2
        die "$name failed (log: $WORK/log/$name.$run.log)"
    fi
    end="${EPOCHREALTIME//[!0-9]/}"
    echo "$(((end - start) * 1000))" > "$WORK/time/$name.$run.ns"
}

# ------------------------------------------------------------------ timed runs
uptime > "$WORK/load-start.txt"
for run in $(seq 1 "$RUNS"); do
    timed zonectl "$run" "$ZONECTL" build --config "$WORK/pipeline.yml" --zones "$CORPUS" \
        --out "$WORK/zonectl" --no-cache
    if [ "$SKIP_PEERS" != 1 ]; then
        rm -rf "$WORK/ogr2ogr" "$WORK/geopandas"
        timed ogr2ogr "$run" env OUT="$WORK/ogr2ogr" bench/peer-ogr2ogr.sh "$CORPUS" "$DEGREES"
        timed geopandas "$run" "$PY" bench/peer_geopandas.py "$CORPUS" "$WORK/geopandas" "$DEGREES"
    fi
done

say "reader: zonectl-bench read"
warm
"$ROOT/.build/release/zonectl-bench" read "$CORPUS" > "$WORK/reader.txt"

# One file of every city (issue #17): the corpus's features in one FeatureCollection, made once
# beside the corpus (CORPUS.onefile/, remade when the corpus's manifest changes), built alone.
onefile="$CORPUS.onefile"
if ! cmp -s "$CORPUS/bench-manifest.json" "$onefile/bench-manifest.json" 2>/dev/null; then
    say "one file of every city into $onefile (once)"
    rm -rf "$onefile"
    mkdir -p "$onefile/zones"
    "$PY" bench/make_onefile.py "$CORPUS" "$onefile/zones/all.geojson"
    cp "$CORPUS/bench-manifest.json" "$onefile/"
fi
reads=("$onefile/zones")
timed zonectl-onefile 1 "$ZONECTL" build --config "$WORK/pipeline.yml" --zones "$onefile/zones" \
    --out "$WORK/onefile" --no-cache

# Incremental rebuild: the corpus (symlinks) with one city's file copied; a build fills the
# cache, one vertex of that city moves, and the timed build rebuilds that city alone (RUNS times).
EDIT_CITY="$("$ROOT/bench/edit-city.sh" "$CORPUS")"
inc="$WORK/incremental"
mkdir -p "$inc/zones"
ln -s "$CORPUS"/*.geojson "$inc/zones/"
rm "$inc/zones/$EDIT_CITY.geojson"
cp "$CORPUS/$EDIT_CITY.geojson" "$inc/zones/"
reads=("$inc/zones")
timed zonectl-fill-cache 1 "$ZONECTL" build --config "$WORK/pipeline.yml" --zones "$inc/zones" \
    --out "$inc/dist" --cache "$inc/cache"
# REBUILDS rounds (default: RUNS, at least 5: one scheduling hiccup is a large part of a 0.1 s
# build) of: one more vertex move, then the timed build (the fastest is shown, as above).
reads=("$inc/zones/$EDIT_CITY.geojson" "$inc/cache")
for run in $(seq 1 "${REBUILDS:-$((RUNS > 5 ? RUNS : 5))}"); do
    "$PY" "$ROOT/bench/move_vertex.py" "$inc/zones/$EDIT_CITY.geojson"
    timed zonectl-incremental "$run" "$ZONECTL" build --config "$WORK/pipeline.yml" --zones "$inc/zones" \
        --out "$inc/dist" --cache "$inc/cache"
done
echo "$EDIT_CITY" > "$inc/city.txt"
uptime > "$WORK/load-end.txt"

# ------------------------------------------------------------------ measure, table
tools=("zonectl=$WORK/zonectl")
[ "$SKIP_PEERS" != 1 ] && tools+=("ogr2ogr=$WORK/ogr2ogr" "geopandas=$WORK/geopandas")
say "measuring the outputs (bench/measure.py, $JOBS processes)"
"$PY" bench/measure.py --corpus "$CORPUS" --tolerance "$TOLERANCE_M" --jobs "$JOBS" \
    --cache "$ROOT/bench/.cache/measure" --json "$WORK/measure.json" "${tools[@]}" >&2
"$PY" bench/table.py "$WORK" | tee "$WORK/table.md"

# The cost of gap search and closing (issue 18): the corpus built with gaps off, the default
# report and close_m 3, best of one run each (bench/gaps.sh; SKIP_GAPS=1 skips it).
if [ "${SKIP_GAPS:-0}" != 1 ]; then
    say "gaps: build time with gaps off, report_m 2 and close_m 3 (bench/gaps.sh)"
    CORPUS="$CORPUS" RUNS=1 bench/gaps.sh
fi
