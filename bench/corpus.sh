#!/usr/bin/env bash
# Generates the benchmark corpus once; used by bench/reader.sh and bench/run.sh.
#
#   bench/corpus.sh DIR
#
# Writes DIR with ../shared/tools/make_bench_corpus.py unless DIR/bench-manifest.json exists
# (delete DIR to regenerate). Generates into a temporary sibling and renames it, so an
# interrupted run leaves no half corpus.
#
# Environment:
#   CORPUS_ARGS  extra generator arguments, e.g. '--cities 5 --polygons 3000' (with its own DIR)
#   PYTHON       Python 3 for the generator (default: python3; standard library only)
set -euo pipefail

CORPUS="${1:?usage: bench/corpus.sh DIR}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
GENERATOR="$ROOT/../shared/tools/make_bench_corpus.py"

if [ -f "$CORPUS/bench-manifest.json" ]; then
    echo "bench: using cached corpus $CORPUS"
    exit 0
fi
if [ ! -f "$GENERATOR" ]; then
    echo "bench: error: $GENERATOR is missing." >&2
    echo "bench: the corpus generator lives in the shared/ folder next to this repository" >&2
    echo "bench: (expected at ../shared/tools/make_bench_corpus.py); or point CORPUS at an" >&2
    echo "bench: existing corpus directory that holds bench-manifest.json." >&2
    exit 2
fi
echo "bench: generating corpus into $CORPUS (once; ~20 s and ~180 MB with the defaults)"
tmp="$CORPUS.tmp.$$"
rm -rf "$tmp"
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086  # CORPUS_ARGS is a list of words on purpose
"$PYTHON" "$GENERATOR" "$tmp" ${CORPUS_ARGS:-}
[ -f "$tmp/bench-manifest.json" ] || { echo "bench: error: generator wrote no bench-manifest.json" >&2; exit 2; }
rm -rf "$CORPUS"
mkdir -p "$(dirname "$CORPUS")"
mv "$tmp" "$CORPUS"
