#!/usr/bin/env bash
# Install what zonectl needs on Debian 12 with Swift already installed.
#
#   scripts/install-deps.sh --run    system libraries to build and run zonectl
#                                     (libgeos-dev, libcurl4-openssl-dev, zlib1g-dev, libbrotli-dev, libdeflate-dev, pkg-config)
#   scripts/install-deps.sh --test   the above, plus gdal-bin, librsvg2-bin (rsvg-convert renders
#                                     diff SVGs in tests), python3-venv, and xvfb with Mesa's EGL
#                                     (libegl1 libegl-mesa0 libgl1-mesa-dri libgl1: MapLibre Native
#                                     renders styles in tests), plus the Python test tools
#                                     (scripts/requirements-test.txt: moto[server], shapely, pyproj,
#                                     jsonschema, antimeridian, mapli) in .venv/
#                                     (the default when no flag is given)
#
# Idempotent: it checks first and only installs what is missing, so a second run does nothing
# and takes about a second. Runs as root; if not root, it uses sudo when sudo exists.
# Environment: PYTHON  interpreter used to create .venv (default: python3).
set -euo pipefail

usage() {
    sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

mode='test'
case "${1:-}" in
    --run) mode='run' ;;
    --test | "") mode='test' ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install-deps: unknown option '$1'" >&2; usage >&2; exit 64 ;;
esac
if [ "$#" -gt 1 ]; then
    echo "install-deps: expected at most one option" >&2; usage >&2; exit 64
fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
REQUIREMENTS="$ROOT/scripts/requirements-test.txt"
STAMP="$VENV/.zonectl-requirements.sha256"

say() { echo "install-deps: $*"; }
die() { echo "install-deps: error: $*" >&2; exit 1; }

if ! command -v swift >/dev/null 2>&1; then
    die "swift is not on PATH; install Swift 6.x first (https://www.swift.org/install/linux/)"
fi

# ---------------------------------------------------------------- system packages (apt)
apt_packages=(libgeos-dev libcurl4-openssl-dev zlib1g-dev libbrotli-dev libdeflate-dev pkg-config)
if [ "$mode" = test ]; then
    apt_packages+=(gdal-bin librsvg2-bin python3-venv xvfb libegl1 libegl-mesa0 libgl1-mesa-dri libgl1)
fi

missing=()
for pkg in "${apt_packages[@]}"; do
    # `dpkg -s` alone also succeeds for removed packages whose config files remain.
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed$'; then
        missing+=("$pkg")
    fi
done

if [ "${#missing[@]}" -gt 0 ]; then
    sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 \
            || die "not root and sudo is missing; as root run: apt-get install -y ${missing[*]}"
        sudo_cmd=(sudo)
    fi
    say "installing apt packages: ${missing[*]}"
    ${sudo_cmd[@]+"${sudo_cmd[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get update -q
    ${sudo_cmd[@]+"${sudo_cmd[@]}"} env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
else
    say "apt packages present: ${apt_packages[*]}"
fi

if [ "$mode" = run ]; then
    exit 0
fi

# ---------------------------------------------------------------- Python test tools (.venv)
# A venv whose interpreter no longer starts (its base Python moved or was removed) is rebuilt.
if [ -e "$VENV" ] && ! "$VENV/bin/python3" -c '' >/dev/null 2>&1; then
    say "$VENV is broken; recreating it"
    rm -rf "$VENV"
fi
if [ ! -e "$VENV" ]; then
    python="${PYTHON:-python3}"
    command -v "$python" >/dev/null 2>&1 || die "$python not found; it is needed to create $VENV"
    say "creating $VENV with $("$python" --version 2>&1)"
    "$python" -m venv "$VENV"
fi

# Quick check: import the packages with native libraries (catches a broken shared library);
# the pure-Python ones only need to be installed (importing moto alone takes over a second).
tools_ok() {
    "$VENV/bin/python3" -c '
import importlib.util, sys
import shapely, pyproj, mapli, pysupercluster, mapbox_vector_tile
pure = ("moto", "flask", "flask_cors", "jsonschema", "antimeridian", "pmtiles")
sys.exit(0 if all(importlib.util.find_spec(name) for name in pure) else 1)
' >/dev/null 2>&1
}

want_stamp="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
have_stamp="$(cat "$STAMP" 2>/dev/null || true)"
if [ "$want_stamp" = "$have_stamp" ] \
    && [ -x "$VENV/bin/moto_server" ] \
    && tools_ok; then
    say "python test tools present in $VENV"
    exit 0
fi

say "installing python test tools into $VENV"
# --no-compile: byte-compiling all of moto[server]'s dependencies up front doubles the install
# time (~110 s -> ~55 s here); modules the tests import are compiled on first use instead.
"$VENV/bin/python3" -m pip install --quiet --disable-pip-version-check --no-compile -r "$REQUIREMENTS"
tools_ok || die "python test tools still do not import after pip install"
echo "$want_stamp" >"$STAMP"
say "python test tools installed: $("$VENV/bin/python3" -m pip list --format=freeze 2>/dev/null \
    | grep -iE '^(moto|shapely|pyproj|jsonschema|antimeridian|mapli|pysupercluster-rust|pmtiles|mapbox-vector-tile)==' | tr '\n' ' ')"
