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
export PYTHON="${PYTHON:-python3}"   # the generator's, in bench/corpus.sh
"$ROOT/bench/corpus.sh" "$CORPUS"

echo "bench: corpus size: $(du -sb "$CORPUS" | cut -f1) bytes in $(find "$CORPUS" -name '*.geojson' | wc -l) files"

swift build -c release --static-swift-stdlib --product zonectl-bench
BIN="$ROOT/.build/release/zonectl-bench"

for i in $(seq 1 "$RUNS"); do
    echo "bench: run $i/$RUNS: zonectl-bench read $CORPUS"
    "$BIN" read "$CORPUS"
done
