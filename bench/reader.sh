#!/usr/bin/env bash
# Reader throughput benchmark: zonectl-bench reads the generated benchmark corpus (~180 MB).
#
#   bench/reader.sh                   (or: make bench-read)
#
# Environment:
#   CORPUS       corpus directory (default: bench/.corpus, git-ignored). Generated once with
#                ../shared/tools/make_bench_corpus.py and reused while it holds bench-manifest.json.
#   CORPUS_ARGS  extra generator arguments, only used when generating, e.g.
#                CORPUS_ARGS='--cities 20 --polygons 30000' for a smaller corpus (use another CORPUS).
#   RUNS         number of timed reads (default: 3)
#   PYTHON       Python 3 for the generator (default: python3; standard library only)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CORPUS="${CORPUS:-$ROOT/bench/.corpus}"
case "$CORPUS" in /*) ;; *) CORPUS="$PWD/$CORPUS" ;; esac   # relative to the caller's directory
cd "$ROOT"

RUNS="${RUNS:-3}"
PYTHON="${PYTHON:-python3}"
GENERATOR="$ROOT/../shared/tools/make_bench_corpus.py"

if [ -f "$CORPUS/bench-manifest.json" ]; then
    echo "bench: using cached corpus $CORPUS"
else
    if [ ! -f "$GENERATOR" ]; then
        echo "bench: error: $GENERATOR is missing." >&2
        echo "bench: the corpus generator lives in the shared/ folder next to this repository" >&2
        echo "bench: (expected at ../shared/tools/make_bench_corpus.py); or point CORPUS at an" >&2
        echo "bench: existing corpus directory that holds bench-manifest.json." >&2
        exit 2
    fi
    echo "bench: generating corpus into $CORPUS (once; ~20 s and ~180 MB with the defaults)"
    # Generate into a temporary sibling and rename, so an interrupted run leaves no half corpus.
    tmp="$CORPUS.tmp.$$"
    rm -rf "$tmp"
    trap 'rm -rf "$tmp"' EXIT
    # shellcheck disable=SC2086  # CORPUS_ARGS is a list of words on purpose
    "$PYTHON" "$GENERATOR" "$tmp" ${CORPUS_ARGS:-}
    [ -f "$tmp/bench-manifest.json" ] || { echo "bench: error: generator wrote no bench-manifest.json" >&2; exit 2; }
    rm -rf "$CORPUS"
    mkdir -p "$(dirname "$CORPUS")"
    mv "$tmp" "$CORPUS"
    trap - EXIT
fi

echo "bench: corpus size: $(du -sb "$CORPUS" | cut -f1) bytes in $(find "$CORPUS" -name '*.geojson' | wc -l) files"

swift build -c release --product zonectl-bench
BIN="$ROOT/.build/release/zonectl-bench"

for i in $(seq 1 "$RUNS"); do
    echo "bench: run $i/$RUNS: zonectl-bench read $CORPUS"
    "$BIN" read "$CORPUS"
done
