#!/usr/bin/env bash
# Point-in-zone lookup speed: zonectl's ZoneIndex against shapely's STRtree + contains_xy, on the
# same points in the largest city of the benchmark corpus, in one run.
#
#   bench/lookup.sh                   (or: make bench-lookup)
#
# Steps: corpus (generated once, bench/corpus.sh) -> swift build -c release (zonectl,
# zonectl-bench) -> zonectl build of the corpus (bench/pipeline.yml, cached in WORK) -> the city
# with the most vertices -> POINTS uniform random points in its bbox (seeded) -> zonectl-bench
# lookup (one thread) -> bench/lookup_shapely.py (one thread) -> both rates, the ratio, PASS/FAIL
# against the targets of issue #16 (>= 5 M lookups/s per core, >= 10x shapely).
#
# Environment:
#   CORPUS   corpus directory (default: bench/.corpus)
#   WORK     outputs (default: bench/.work/lookup)
#   POINTS   number of points (default: 1000000)
#   PYTHON   Python with shapely (default: .venv/bin/python3, else /work/main/.venv/bin/python3)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
CORPUS="$(abs "${CORPUS:-$ROOT/bench/.corpus}")"
WORK="$(abs "${WORK:-$ROOT/bench/.work/lookup}")"
POINTS="${POINTS:-1000000}"
cd "$ROOT"
if [ -z "${PYTHON:-}" ]; then
    for candidate in "$ROOT/.venv/bin/python3" "$ROOT/../main/.venv/bin/python3"; do
        if [ -x "$candidate" ] && "$candidate" -c 'import shapely' 2>/dev/null; then PYTHON="$candidate"; break; fi
    done
fi
PYTHON="${PYTHON:-python3}"
"$PYTHON" -c 'import shapely' || { echo "bench: error: $PYTHON has no shapely (make deps-test)" >&2; exit 2; }

PYTHON=python3 bench/corpus.sh "$CORPUS" >&2
swift build -c release --static-swift-stdlib --product zonectl >&2
swift build -c release --static-swift-stdlib --product zonectl-bench >&2
mkdir -p "$WORK"
echo "bench: zonectl build of $CORPUS into $WORK/dist" >&2
.build/release/zonectl build --config bench/pipeline.yml --zones "$CORPUS" --out "$WORK/dist" \
    --cache "$WORK/cache" >&2

read -r CITY KEY < <("$PYTHON" - "$WORK/dist/manifest.json" <<'PY'
import json, sys
cities = json.load(open(sys.argv[1]))["cities"]
city = max(cities, key=lambda c: c["vertices"])
print(city["id"], city["key"])
PY
)
"$PYTHON" - "$WORK/dist/manifest.json" "$CITY" "$POINTS" > "$WORK/points.csv" <<'PY'
import json, random, sys
city = next(c for c in json.load(open(sys.argv[1]))["cities"] if c["id"] == sys.argv[2])
w, s, e, n = city["bbox"]
rng = random.Random(16)
for _ in range(int(sys.argv[3])):
    print(f"{rng.uniform(w, e)!r},{rng.uniform(s, n)!r}")
PY
echo "bench: largest city: $CITY ($KEY), $POINTS random points in its bbox"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
.build/release/zonectl-bench lookup "$WORK/dist" "$CITY" "$WORK/points.csv" --answers "$WORK/answers.txt" \
    | tee "$WORK/zonectl.txt"
"$PYTHON" bench/lookup_shapely.py "$WORK/dist/$KEY" "$WORK/points.csv" "$WORK/answers.txt" | tee "$WORK/shapely.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

"$PYTHON" - "$WORK/zonectl.txt" "$WORK/shapely.txt" <<'PY'
import re, sys
rate = lambda path: float(re.search(r"([0-9.]+) M lookups/s", open(path).read()).group(1))
zonectl, shapely = rate(sys.argv[1]), rate(sys.argv[2])
agree = re.search(r"(\d+) answers differ", open(sys.argv[2]).read())
ratio = zonectl / shapely
ok = lambda b: "PASS" if b else "FAIL"
print(f"zonectl {zonectl:.2f} M lookups/s per core: {ok(zonectl >= 5)} (target >= 5)")
print(f"shapely {shapely:.3f} M lookups/s per core; ratio {ratio:.1f}x: {ok(ratio >= 10)} (target >= 10x)")
if agree:
    print(f"agreement with shapely away from borders: {ok(agree.group(1) == '0')} ({agree.group(1)} differ)")
PY
