# zonectl — the commands a newcomer needs (Debian 12 with Swift 6.x and make).
#
#   make run          install system libraries, build release, validate, build and publish the sample
#                     zones (dist/, then the local store ./store), sync the store into a client cache
#                     (.zonectl/client-cache), look up one point of each sample city there, and
#                     print the clusters of one viewport of the sample layer (Rome, zoom 14)
#   make test         install system libraries + Python test tools (.venv), lint, build, run the
#                     tests, then a fuzz smoke run (FUZZ_SMOKE_SECONDS per fuzz target)
#   make test-fast    build, then the tests that need no Python, moto, MapLibre or GDAL (under
#                     2 minutes; scripts/test-fast.sh): nothing installed. make test runs them all
#   make lint         swift format lint --strict (make format rewrites), scripts/check-client-portability.sh,
#                     scripts/check-file-names.py
#   make bench        zonectl against ogr2ogr and geopandas on the benchmark corpus: one table
#                     (see bench/README.md; knobs as variables, e.g. make bench SKIP_PEERS=1)
#   make bench-read   reader throughput on the generated benchmark corpus (see bench/README.md)
#   make bench-simplify  shared-border simplification against ogr2ogr -simplify on the real cities
#   make bench-config-lists  validate with keep: / styles.keys of 200,000 entries (target < 1 s each)
#   make bench-points point clustering of 1,000,000 points against pysupercluster-rust (bench/points.sh),
#                     then viewport queries of a phone view per zoom (bench/viewport.sh)
#   make bench-huge-ring peak memory of a build of one 2-million-vertex ring (PASS below 250 B/vertex)
#   make bench-gaps   build time with gaps off, the default report and close_m 3 (PASS: close <= 1.15x)
#   make bench-units  the corpus as 4 units over 100 cities (group_by [style]) against 100 cities (PASS: CPU <= 1.5x)
#   make bench-lookup point-in-zone lookups/s per core against shapely STRtree (PASS >= 5 M/s and >= 10x)
#   make bench-tiles  zonectl's PMTiles archive against tippecanoe (cubao-tippecanoe) on the sample and the
#                     corpus: times, sizes, check_tiles.py, bytes a phone view fetches, a MapLibre render
#   make bench-tiles-country  time and memory of tiles of country-sized zones at z16
#   make bench-client ZoneClient on the benchmark store over loopback HTTP: sync, polls, index memory,
#                     lookups/s; one table (knobs in bench/client.sh, e.g. make bench-client POINTS=200000)
#   make fuzz         libFuzzer + ASan on the GeoJSON and config readers, FUZZ_SECONDS (600) per target
#   make soak-publish 50 publishes to moto through a fault proxy, each killed (bench/README.md)
#   make style-images docs/images/<city>.png: the sample cities drawn by MapLibre Native (zonectl style)
#   make gap-pictures docs/images/gaps-paris-*.svg: a Paris sliver before and after gaps.close_m 3
#
# Variables: CONFIG (default pipeline.yml), SWIFT_TEST_FLAGS (extra `swift test` flags,
# e.g. SWIFT_TEST_FLAGS='--filter DiagnosticTests'), FUZZ_SMOKE_SECONDS (the fuzz smoke run that
# ends `make test`, per target: 60; 0 skips it), FUZZ_SECONDS, SOAK_ROUNDS.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

CONFIG ?= pipeline.yml
SWIFT_TEST_FLAGS ?=
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 60
SOAK_ROUNDS ?= 50
VENV := $(CURDIR)/.venv

.PHONY: help deps-run deps-test build release run lint format test test-fast fuzz fuzz-smoke soak-publish bench bench-read bench-simplify bench-config-lists bench-points bench-huge-ring bench-lookup bench-client bench-tiles bench-tiles-country bench-gaps bench-units style-images gap-pictures clean

help:
	@sed -n '3,/^#$$/p' Makefile | sed '$$d; s/^# \{0,1\}//'

deps-run:
	scripts/install-deps.sh --run

deps-test:
	scripts/install-deps.sh --test

build:
	swift build

# Release builds link the Swift runtime and Foundation statically (--static-swift-stdlib): the
# binary needs only Debian's libraries, not the Swift toolchain (a CI image), and a one-city
# rebuild of the benchmark corpus takes about 40 ms (a tenth) less, with no dynamic binding of
# the runtime's symbols (bench/README.md). Every release build here uses the same flags, so none
# rebuilds .build/release for the others. Products are named: the test support targets
# (Testing) do not build with a static runtime (bench/soak-publish.sh, which needs one of them,
# builds without it).
SWIFT_RELEASE := swift build -c release --static-swift-stdlib

release:
	$(SWIFT_RELEASE) --product zonectl
	$(SWIFT_RELEASE) --product zonectl-http
	$(SWIFT_RELEASE) --product zonectl-bench

run: deps-run release
	.build/release/zonectl validate --config $(CONFIG)
	.build/release/zonectl build --config $(CONFIG)
	.build/release/zonectl publish --config $(CONFIG)
	.build/release/zonectl verify --config $(CONFIG)
	.build/release/zonectl sync --config $(CONFIG) --from ./store --out .zonectl/client-cache
	.build/release/zonectl lookup --config $(CONFIG) --from .zonectl/client-cache --input examples/sample-points.txt
	.build/release/zonectl clusters --config $(CONFIG) --from ./store --layer cars --bbox 12.47,41.88,12.51,41.91 --zoom 14

# The style rules are in .swift-format (4-space indent, 120 columns, ordered imports, ...).
# scripts/check-client-portability.sh checks what Linux can of ZoneClient on Apple platforms
# (its closure from dump-package, platform imports, docs/CLIENT.md's compiled blocks); its
# --self-test first shows that each check catches what it should. scripts/check-file-names.py: every
# file in Sources/ is named after a type it declares or extends (or its main function).
SWIFT_SOURCES := Package.swift Sources Tests Examples
lint:
	swift format lint --strict --recursive --parallel $(SWIFT_SOURCES)
	scripts/check-client-portability.sh --self-test
	scripts/check-client-portability.sh
	scripts/check-file-names.py

format:
	swift format format --in-place --recursive --parallel $(SWIFT_SOURCES)

# Tests find the venv's python3 first on PATH, and by name through ZONECTL_PYTHON.
test: export PATH := $(VENV)/bin:$(PATH)
test: export ZONECTL_PYTHON := $(VENV)/bin/python3
test: deps-test lint
	swift build
	scripts/typecheck-guide.sh
	swift test $(SWIFT_TEST_FLAGS)
	@if [ "$(FUZZ_SMOKE_SECONDS)" != 0 ]; then FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) scripts/fuzz.sh; fi

# The quick loop: no install, no lint, no fuzzing; the tests tagged python, moto, mapli, gdal or
# slow (Tests/ClientTestSupport/TestTags.swift) are left out. SWIFT_TEST_FLAGS applies here too.
test-fast:
	swift build --build-tests
	scripts/test-fast.sh $(SWIFT_TEST_FLAGS)

# libFuzzer + ASan (scripts/fuzz.sh): builds into .build-fuzz/, exits 1 with the reproducer's path
# when a target crashes. `make fuzz FUZZ_SECONDS=60`; one target: scripts/fuzz.sh FuzzConfig.
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

fuzz-smoke:
	FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) scripts/fuzz.sh

# Kill-and-rerun soak of `zonectl publish` against moto_server (bench/soak-publish.sh).
soak-publish: export PATH := $(VENV)/bin:$(PATH)
soak-publish: deps-test
	SOAK_ROUNDS=$(SOAK_ROUNDS) bench/soak-publish.sh

# The sample cities as clients draw them: built, served with gzip encoding, `zonectl style`,
# rendered by MapLibre Native (mapli) under Xvfb (scripts/style-images.sh).
style-images: deps-test build
	scripts/style-images.sh

# A sliver of the sample zones/paris.geojson before and after gaps.close_m: 3 (README, "Gaps
# between zones"): the sample built twice, one window drawn as SVG (scripts/gap_picture.py).
gap-pictures: release
	scripts/gap-pictures.sh

bench:
	bench/run.sh

bench-gaps:
	bench/gaps.sh

bench-units:
	bench/units.sh

bench-read:
	bench/reader.sh

bench-simplify:
	bench/simplify-compare.sh

bench-config-lists:
	bench/config-lists.sh

bench-points: deps-test
	bench/points.sh
	bench/viewport.sh

bench-huge-ring:
	bench/huge-ring.sh

bench-lookup:
	bench/lookup.sh

# ZoneClient as an app uses it (issue #38): bench/client.sh, built with SWIFT_RELEASE.
bench-client:
	SWIFT_RELEASE='$(SWIFT_RELEASE)' bench/client.sh

# Vector tiles against tippecanoe (bench/tiles.sh; tippecanoe from bench/requirements.txt).
bench-tiles: deps-test
	bench/tiles.sh

# Tiles of country-sized zones at z16 (bench/tiles-country.sh).
bench-tiles-country: deps-test
	bench/tiles-country.sh

clean:
	rm -rf .build .build-fuzz
