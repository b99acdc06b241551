#!/usr/bin/env bash
# ZoneClient as an app uses it, on the benchmark store served over loopback HTTP: syncs and
# polls, the lookup index of the largest city, the memory of every city's index, lookups per
# second. One markdown table (issue #38, point 9).
#
#   bench/client.sh                   (or: make bench-client)
#
# Steps: corpus (bench/corpus.sh, generated once) -> release build of zonectl and zonectl-bench
# -> zonectl build of the corpus (bench/pipeline.yml plus `encodings: [gzip, br]`, build cache
# in WORK) -> zonectl publish to a new local store WORK/store -> serve_store.py serves it on
# 127.0.0.1 (ETag and 304, `Content-Encoding: gzip`/`br`) -> `zonectl-bench client`, each step
# in its own process:
#   1. sync into an empty cache (WORK/client-cache): wall time, objects, bytes; the cache's size
#      on disk (decoded files) against the store's br and gzip objects;
#   2. sync again, nothing changed: the manifest poll gets a 304;
#   3. EDIT_CITY's first zone moved about 10 m, rebuilt (that city alone), republished; sync;
#   4. `index` of the city with the most vertices: build time, memoryBytes, RSS growth; POINTS
#      random positions in its box looked up through ZoneIndex.style, through ZoneIndex.zone (the
#      loop `make bench-lookup` times), interleaved, and through the actor's lookup;
#   5. `load` of every city with an unlimited index budget (then CITY_POINTS positions per city
#      looked up through ZoneIndex.style), and 6. with the default budget: peak RSS over the
#      process's baseline.
# -> bench/client_table.py prints the table (also in WORK/table.md).
#
# Environment:
#   CORPUS          corpus directory (default: bench/.corpus, generated there when missing)
#   WORK            outputs (default: bench/.work/client; the store and cache are made anew)
#   POINTS          positions looked up in the largest city (default: 1000000)
#   CITY_POINTS     positions per city for the every-city rate (default: 10000)
#   LOOKUP_SECONDS  time of each lookup-rate measure (default: 2)
#   EDIT_CITY       the city changed before the last poll (default: bench/edit-city.sh's choice)
#   SWIFT_RELEASE   the release build command (default: the Makefile's, `swift build -c release
#                   --static-swift-stdlib`)
#   PYTHON          Python 3 for the corpus, the server and the table (default: python3)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
CORPUS="$(abs "${CORPUS:-$ROOT/bench/.corpus}")"
WORK="$(abs "${WORK:-$ROOT/bench/.work/client}")"
POINTS="${POINTS:-1000000}"
CITY_POINTS="${CITY_POINTS:-10000}"
LOOKUP_SECONDS="${LOOKUP_SECONDS:-2}"
SWIFT_RELEASE="${SWIFT_RELEASE:-swift build -c release --static-swift-stdlib}"
PYTHON="${PYTHON:-python3}"
cd "$ROOT"
say() { echo "bench-client: $*" >&2; }
die() { echo "bench-client: error: $*" >&2; exit 1; }

PYTHON="$PYTHON" bench/corpus.sh "$CORPUS" >&2
# shellcheck disable=SC2086  # SWIFT_RELEASE is a command line on purpose
$SWIFT_RELEASE --product zonectl >&2
# shellcheck disable=SC2086
$SWIFT_RELEASE --product zonectl-bench >&2
ZONECTL="$ROOT/.build/release/zonectl"
BENCH="$ROOT/.build/release/zonectl-bench"

# ------------------------------------------------------------------ build, publish, serve
EDIT_CITY="$(bench/edit-city.sh "$CORPUS")"
# Only what this script writes is removed (WORK may be a directory of yours); the build cache
# stays, so a second run does not compress every city with brotli again.
rm -rf "$WORK"/{zones,dist,store,client-cache} "$WORK"/{first-sync,no-change,one-city-changed}.{json,log,served} \
    "$WORK"/{index,load-unlimited,load-default,store-manifest}.json "$WORK"/{cache-bytes,edit-city,load}.txt \
    "$WORK"/{build,publish,server}.log "$WORK"/{port,pipeline.yml,table.md}
mkdir -p "$WORK/zones"
ln -s "$CORPUS"/*.geojson "$WORK/zones/"
rm "$WORK/zones/$EDIT_CITY.geojson"
cp "$CORPUS/$EDIT_CITY.geojson" "$WORK/zones/"
{ grep -v '^encodings:' bench/pipeline.yml; echo "encodings: [gzip, br]"; } > "$WORK/pipeline.yml"
build_and_publish() {
    "$ZONECTL" build --config "$WORK/pipeline.yml" --zones "$WORK/zones" --out "$WORK/dist" \
        --cache "$WORK/build-cache" > "$WORK/build.log" 2>&1 || { tail -20 "$WORK/build.log" >&2; die "build failed"; }
    "$ZONECTL" publish --config "$WORK/pipeline.yml" --from "$WORK/dist" --target "$WORK/store" \
        > "$WORK/publish.log" 2>&1 || { tail -20 "$WORK/publish.log" >&2; die "publish failed"; }
}
say "build and publish of $CORPUS (encodings gzip and br; brotli is slow the first time)"
build_and_publish
cp "$WORK/store/manifest.json" "$WORK/store-manifest.json"

"$PYTHON" Tests/zonectlTests/Scripts/serve_store.py "$WORK/store" "$WORK/port" "$WORK/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$WORK/port" ] && break; sleep 0.1; done
[ -s "$WORK/port" ] || die "serve_store.py did not start"
URL="http://127.0.0.1:$(cat "$WORK/port")"
rm "$WORK/port"

# client_sync NAME: one `zonectl-bench client sync` into WORK/NAME.json; the server's requests
# of it in WORK/NAME.log (the server opens its log per request, so a moved log starts anew) and
# the bytes of the files it answered 200 in WORK/NAME.served.
client_sync() {
    say "sync: $1"
    "$BENCH" client sync "$URL" "$WORK/client-cache" > "$WORK/$1.json" || die "sync $1: $(cat "$WORK/$1.json")"
    mv "$WORK/server.log" "$WORK/$1.log"
    awk '$3 == 200 { print $2 }' "$WORK/$1.log" | while read -r path; do stat -c %s "$WORK/store$path"; done \
        | awk '{ s += $1 } END { print s + 0 }' > "$WORK/$1.served"
}

# ------------------------------------------------------------------ the measures
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" > "$WORK/load.txt"
client_sync first-sync
du -sb "$WORK/client-cache" | cut -f1 > "$WORK/cache-bytes.txt"
client_sync no-change
# The edit: the city's first polygon zone moved 1e-4 degrees (about 10 m) east, enough to change
# its artifact after simplification (bench/move_vertex.py's move may not).
"$PYTHON" - "$WORK/zones/$EDIT_CITY.geojson" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
move = lambda c: [move(x) for x in c] if isinstance(c[0], list) else [c[0] + 1e-4, *c[1:]]
zone = next(f for f in doc["features"] if (f.get("geometry") or {}).get("type") in ("Polygon", "MultiPolygon"))
zone["geometry"]["coordinates"] = move(zone["geometry"]["coordinates"])
json.dump(doc, open(sys.argv[1], "w", encoding="utf-8"))
PY
say "republish with $EDIT_CITY changed"
build_and_publish
changed="$("$PYTHON" - "$WORK/store-manifest.json" "$WORK/store/manifest.json" <<'PY'
import json, sys
old, new = ({c["id"]: c["key"] for c in json.load(open(p))["cities"]} for p in sys.argv[1:])
print(" ".join(sorted(c for c in new if old.get(c) != new[c])))
PY
)"
[ "$changed" = "$EDIT_CITY" ] || die "the edit of $EDIT_CITY changed the artifacts of: '$changed'"
client_sync one-city-changed
echo "$EDIT_CITY" > "$WORK/edit-city.txt"

say "index of the largest city, lookups ($POINTS positions)"
"$BENCH" client index "$URL" "$WORK/client-cache" --points "$POINTS" --seconds "$LOOKUP_SECONDS" \
    > "$WORK/index.json" || die "index: $(cat "$WORK/index.json")"
say "every city, unlimited index budget, then lookups ($CITY_POINTS positions per city)"
"$BENCH" client load "$URL" "$WORK/client-cache" --budget unlimited --points "$CITY_POINTS" \
    --seconds "$LOOKUP_SECONDS" > "$WORK/load-unlimited.json" || die "load: $(cat "$WORK/load-unlimited.json")"
say "every city, default index budget"
"$BENCH" client load "$URL" "$WORK/client-cache" --budget default > "$WORK/load-default.json" \
    || die "load: $(cat "$WORK/load-default.json")"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$WORK/load.txt"

"$PYTHON" bench/client_table.py "$WORK" | tee "$WORK/table.md"
cat "$WORK/load.txt"
