#!/usr/bin/env bash
# Prints the SHA-256 of every file of a build's output directory, decompressed, sorted by path:
# the proof that a change of code structure changed no byte of what a build writes.
#
#   scripts/artifact-digest.sh DIR > digests.txt
#   diff before.txt after.txt
#
# `.gz` files are read through gunzip and `.br` files through `brotli -d` (or Python's brotli),
# and listed under their own names. Left out or normalised, as they differ from run to run:
# - the ownership marker `.zonectl-owned` (write stamps and the written files' identities);
# - `manifest.json`: its `version`, `previous` and `generatedAt` (time stamps);
# - `report.json`: its timings (`geometrySteps`, `seconds` and every `...Seconds` member), and
#   `parsedFiles` and `cachedCities` (what the build cache held).
set -euo pipefail

DIR="${1:?usage: scripts/artifact-digest.sh DIR}"
cd "$DIR"

# `.br` through brotli(1) or Python's brotli module; with neither, the stored bytes (listed as
# "<name> (stored)"), which the deterministic encoder makes the same for the same content.
unbrotli() {
    if command -v brotli >/dev/null 2>&1; then
        brotli -dc -- "$1"
    else
        python3 -c 'import sys, brotli; sys.stdout.buffer.write(brotli.decompress(open(sys.argv[1], "rb").read()))' "$1"
    fi
}
if command -v brotli >/dev/null 2>&1 || python3 -c 'import brotli' 2>/dev/null; then
    can_unbrotli=1
else
    can_unbrotli=0
fi

find . -type f ! -name '.zonectl-owned' -printf '%P\n' | LC_ALL=C sort | while IFS= read -r f; do
    case "$f" in
        manifest.json) digest=$(jq -S 'del(.version, .previous, .generatedAt)' "$f" | sha256sum) ;;
        report.json)
            digest=$(jq -S 'del(.geometrySteps, .parsedFiles, .cachedCities)
                | walk(if type == "object" then with_entries(select(.key | test("(^s|S)econds$") | not)) else . end)' "$f" |
                sha256sum)
            ;;
        *.gz) digest=$(gunzip -c -- "$f" | sha256sum) ;;
        *.br)
            if [ "$can_unbrotli" = 1 ]; then
                digest=$(unbrotli "$f" | sha256sum)
            else
                digest=$(sha256sum <"$f")
                f="$f (stored)"
            fi
            ;;
        *) digest=$(sha256sum <"$f") ;;
    esac
    printf '%s  %s\n' "${digest%% *}" "$f"
done
