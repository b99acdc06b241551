#!/usr/bin/env bash
# Cost of the gap search and closing (issue 18) on the benchmark corpus: zonectl build (release,
# no cache) three ways, RUNS times each (best wall time): gaps off (report_m 0), the default
# report (report_m 2) and closing (close_m 3). Target: close_m 3 adds at most 15 % to the wall
# time of the build without it.
#
#   bench/gaps.sh                   (or: make bench-gaps)
#
# Environment: CORPUS (default bench/.corpus, made by bench/reader.sh's generator), RUNS (3).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CORPUS="${CORPUS:-$ROOT/bench/.corpus}"
RUNS="${RUNS:-3}"
if [ ! -d "$CORPUS" ]; then
    python3 ../shared/tools/make_bench_corpus.py "$CORPUS"
fi
swift build -c release --static-swift-stdlib --product zonectl
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
best() {  # best wall seconds of RUNS builds with the given gaps mapping
    local gaps="$1" t b=""
    sed "s#^zones: .*#zones: $CORPUS#; s#^output: .*#output: $WORK/out#" bench/pipeline.yml > "$WORK/p.yml"
    echo "gaps: $gaps" >> "$WORK/p.yml"
    for _ in $(seq "$RUNS"); do
        rm -rf "$WORK/out"
        t=$( { /usr/bin/time -f '%e' .build/release/zonectl build --config "$WORK/p.yml" --no-cache >/dev/null; } 2>&1 | tail -1)
        if [ -z "$b" ] || awk "BEGIN {exit !($t < $b)}"; then b=$t; fi
    done
    echo "$b"
}
off=$(best "{report_m: 0, close_m: 0}")
report=$(best "{report_m: 2, close_m: 0}")
close=$(best "{report_m: 2, close_m: 3}")
awk -v off="$off" -v report="$report" -v closing="$close" 'BEGIN {
    printf "gaps off           %6.2f s\n", off
    printf "report_m 2         %6.2f s  %.2fx\n", report, report / off
    printf "close_m 3          %6.2f s  %.2fx  (target <= 1.15x): %s\n", closing, closing / off, (closing / off <= 1.15 ? "PASS" : "FAIL")
}'
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
