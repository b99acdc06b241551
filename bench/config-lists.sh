#!/usr/bin/env bash
# Long config lists: `zonectl validate` on the sample zones with `keep:` and with `styles.keys`
# of N entries (default 200,000), release build. Target: each under 1 s (it was quadratic:
# 2.9 s at 40,000 entries, over 50 s at 200,000).
#
#   bench/config-lists.sh            (or: make bench-config-lists)
#
# Environment: ENTRIES (default 200000), RUNS (timed runs, fastest shown; default 3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
ENTRIES="${ENTRIES:-200000}"
RUNS="${RUNS:-3}"
WORK="$ROOT/bench/.work/config-lists"
rm -rf "$WORK"
mkdir -p "$WORK"

swift build -c release --static-swift-stdlib --product zonectl
BIN="$ROOT/.build/release/zonectl"

python3 - "$WORK" "$ENTRIES" "$RUNS" "$BIN" <<'PY'
import subprocess, sys, time
work, n, runs, binary = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
items = "".join(f"  - key{i}\n" for i in range(n))
open(f"{work}/keep.yml", "w").write("keep:\n" + items)
open(f"{work}/styles.yml", "w").write("styles:\n  keys:\n" + items.replace("  - ", "    - "))
failed = False
for name in ("keep", "styles"):
    best = None
    for _ in range(runs):
        start = time.monotonic()
        r = subprocess.run([binary, "validate", "--config", f"{work}/{name}.yml", "zones"], capture_output=True)
        elapsed = time.monotonic() - start
        if r.returncode != 0:
            sys.exit(f"bench: {name}: validate exited {r.returncode}: {r.stderr.decode()[-500:]}")
        best = elapsed if best is None else min(best, elapsed)
    verdict = "PASS" if best < 1 else "FAIL"
    failed |= verdict == "FAIL"
    print(f"bench: {name}: validate with {n:,} entries: {best:.3f} s (fastest of {runs}) - {verdict} (target < 1 s)")
sys.exit(1 if failed else 0)
PY
