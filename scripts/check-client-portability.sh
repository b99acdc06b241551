#!/usr/bin/env bash
# The ZoneClient portability guard (make lint): Linux cannot build for iOS or macOS, so this
# checks what it can. From `swift package dump-package` (with and without ZONECTL_CLIENT_ONLY=1)
# and the sources (scripts/client_portability.py has the details):
#   - the ZoneClient product's closure reaches system libraries and linker settings only
#     through Linux-only conditions, and has no unsafeFlags;
#   - ZONECTL_CLIENT_ONLY=1 declares that closure plus ClientTestSupport and ZoneClientTests,
#     and both manifests declare iOS 15 / macOS 12 or later;
#   - no source of those targets imports a platform-specific module outside #if canImport/os;
#   - docs/CLIENT.md's blocks marked as compiled by .github/workflows/apple.yml equal their files.
# --self-test runs each check on input made to fail it (scripts/client_portability_selftest.py).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"

if [ "${1:-}" = "--self-test" ]; then
    exec python3 "$here/client_portability.py" --self-test
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A scratch path of its own: dump-package then neither waits for nor disturbs a build in .build.
dump() { swift package --package-path "$root" --scratch-path "$work/build" dump-package; }
ZONECTL_CLIENT_ONLY= dump >"$work/full.json"
ZONECTL_CLIENT_ONLY=1 dump >"$work/client.json"
python3 "$here/client_portability.py" --root "$root" --full "$work/full.json" --client "$work/client.json"
