#!/usr/bin/env bash
# Soak of `zonectl publish` under faults (make soak-publish): SOAK_ROUNDS publishes to moto_server
# through the fault proxy, each killed with SIGKILL at a random moment; after every round the prefix
# must serve a manifest whose every object exists with the right hash (check_bucket.py, zonectl
# verify) and the same publish, run again, must succeed. Details: bench/soak_publish.py, bench/README.md.
#
# Environment: SOAK_ROUNDS (default 50), SOAK_SEED (default random; printed, to replay the same
# choices), SOAK_KEEP_VERSIONS (publish.keep_versions, default 1: every publish deletes the
# previous version's artifacts, so kills land in retention too), SOAK_WORK (default
# bench/.work/soak), ZONECTL_PYTHON (Python with boto3, moto_server beside it; default .venv).
# Only 127.0.0.1 is used. Exit 1 when any round failed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
WORK="${SOAK_WORK:-$ROOT/bench/.work/soak}"
PYTHON="${ZONECTL_PYTHON:-$ROOT/.venv/bin/python3}"

if ! "$PYTHON" -c 'import boto3' >/dev/null 2>&1; then
    echo "soak: $PYTHON cannot import boto3; run scripts/install-deps.sh --test (or set ZONECTL_PYTHON)" >&2
    exit 2
fi

# Without --static-swift-stdlib (make release uses it): fault-proxy links the test support
# target, which does not build with a static runtime.
echo "soak: building zonectl and fault-proxy (release)"
swift build -c release --product zonectl 2>&1 | tail -1
swift build -c release --product fault-proxy 2>&1 | tail -1
BIN="$(swift build -c release --show-bin-path)"

rm -rf "$WORK"
mkdir -p "$WORK"
args=(--zonectl "$BIN/zonectl" --proxy "$BIN/fault-proxy" --work "$WORK"
    --rounds "${SOAK_ROUNDS:-50}" --keep-versions "${SOAK_KEEP_VERSIONS:-1}")
if [ -n "${SOAK_SEED:-}" ]; then args+=(--seed "$SOAK_SEED"); fi
exec "$PYTHON" bench/soak_publish.py "${args[@]}"
