#!/usr/bin/env bash
# Type-checks the guide's example package (Examples/ZoneMapKit: the code docs/CLIENT.md shows)
# against the ZoneClient modules of the last `swift build`. On Linux its MapKit and UIKit parts
# are compiled out (#if canImport), so this checks the portable parts against the real API;
# .github/workflows/apple.yml builds the whole package for iOS.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || { echo "typecheck-guide: no $modules (run swift build first)" >&2; exit 2; }
swiftc -typecheck -swift-version 6 -I "$modules" \
    -Xcc -fmodule-map-file=Sources/CZlib/module.modulemap \
    -Xcc -fmodule-map-file=Sources/CBrotli/module.modulemap \
    Examples/ZoneMapKit/Sources/ZoneMapKit/*.swift
echo "typecheck-guide: Examples/ZoneMapKit type-checks against ZoneClient"
