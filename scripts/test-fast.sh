#!/usr/bin/env bash
# make test-fast: every test but those tagged python, moto, mapli, gdal or slow (see
# Tests/ClientTestSupport/TestTags.swift), on the tests already built (`swift build --build-tests`).
# It needs nothing `make test` installs; `make test` still runs every test.
#
# This toolchain's `swift test` filters by name only (--filter/--skip take regular expressions of
# test IDs; a `tag:` prefix comes with a later swift-testing). So the test bundle lists its tests
# with their tags (swift-testing's event stream, with the `_tags` field), and each suite or test
# carrying a left-out tag is passed to --skip by its ID. A suite's tests go with it.
#
# Usage: scripts/test-fast.sh [swift test flags...], e.g. scripts/test-fast.sh --filter GoldenTests
# Environment: TEST_FAST_SKIP_TAGS  tags to leave out (default: python moto mapli gdal slow)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

skip_tags=${TEST_FAST_SKIP_TAGS-python moto mapli gdal slow}
bundle="$(swift build --show-bin-path)/zonectlPackageTests.xctest"
if [ ! -x "$bundle" ]; then
    echo "test-fast: $bundle is missing: run swift build --build-tests first" >&2
    exit 1
fi

list=$(mktemp)
trap 'rm -f "$list"' EXIT
SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED=1 "$bundle" --testing-library swift-testing --list-tests \
    --event-stream-output-path "$list" --event-stream-version 0 >/dev/null

# One JSON record a line; a test record: {"kind":"test","payload":{"_tags":[".python"],"id":"...",...}}.
skips=()
count=0
while IFS= read -r line; do
    case "$line" in *'"kind":"test"'*'"_tags":['*) ;; *) continue ;; esac
    tags=${line#*'"_tags":['}
    tags=${tags%%]*}
    hit=
    for tag in $skip_tags; do
        case "$tags" in *"\".$tag\""*) hit=1 ;; esac
    done
    [ -n "$hit" ] || continue
    # The ID as JSON writes it (\/ for /, \\ and \" escaped), then as a regular expression.
    id=$(printf '%s\n' "$line" | sed -E 's/.*"id":"(([^"\\]|\\.)*)".*/\1/; s/\\(.)/\1/g')
    regex=$(printf '%s\n' "$id" | sed -E 's/[][\\.^$|?*+(){}]/\\&/g')
    skips+=(--skip "^$regex\$")
    count=$((count + 1))
done <"$list"

echo "test-fast: leaving out $count suites and tests tagged ${skip_tags// /, }" >&2
# ZONECTL_PYTHON names no program: a test that runs Python without its tag fails here, not later in CI.
export ZONECTL_PYTHON=/nonexistent/test-fast-runs-no-python
exec swift test --skip-build ${skips[@]+"${skips[@]}"} "$@"
