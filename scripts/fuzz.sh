#!/usr/bin/env bash
# Fuzz zonectl's readers with libFuzzer + AddressSanitizer (make fuzz; make test runs a short smoke).
#
#   scripts/fuzz.sh [TARGET...]     default: FuzzGeoJSON FuzzGeometry FuzzConfig
#
#   FuzzGeoJSON    GeoJSON text through the whole `zonectl validate` path for one file (reader,
#                  structure rules, antimeridian split, GEOS validity, pipeline rules)
#   FuzzGeometry   the same path, for (Multi)Polygons decoded from bytes (coordinates as Int16s,
#                  which libFuzzer's comparison tracing can steer; text numbers it cannot)
#   FuzzConfig     pipeline.yml bytes through the config reader, then a sample zone file
#                  validated with the configuration that loaded
#
# Each target is built into .build-fuzz/ and run for FUZZ_SECONDS on its seed corpus (Fuzz/corpus/
# <name>, read only) plus a working corpus that persists between runs (.build-fuzz/fuzz/corpus/
# <name>). A crash, leak, timeout or out-of-memory is written to .build-fuzz/fuzz/artifacts/<name>/;
# the script then prints how to reproduce it, runs the other targets, and exits 1.
# Every crash found becomes a regression input: copy it to Fuzz/regressions/<name>/ (swift test
# --filter FuzzRegressionTests replays them all).
#
# Environment: FUZZ_SECONDS (default 600, per target), FUZZ_TIMEOUT (seconds one input may take,
# default 20), FUZZ_ARGS (more libFuzzer flags, e.g. '-fork=2' or '-seed=1'), FUZZ_SCRATCH
# (default .build-fuzz).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SCRATCH="${FUZZ_SCRATCH:-$ROOT/.build-fuzz}"
SECONDS_PER_TARGET="${FUZZ_SECONDS:-600}"
TIMEOUT="${FUZZ_TIMEOUT:-20}"
read -r -a EXTRA <<<"${FUZZ_ARGS:-}"

say() { echo "fuzz: $*"; }

targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then targets=(FuzzGeoJSON FuzzGeometry FuzzConfig); fi
for t in "${targets[@]}"; do
    case "$t" in
        FuzzGeoJSON | FuzzGeometry | FuzzConfig) ;;
        *) echo "fuzz: unknown target '$t' (FuzzGeoJSON, FuzzGeometry, FuzzConfig)" >&2; exit 64 ;;
    esac
done

swift_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
if ! compgen -G "$swift_bin/../lib/swift/clang/lib/linux/libclang_rt.fuzzer-*.a" >/dev/null \
    && ! compgen -G "$swift_bin/../lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a" >/dev/null; then
    echo "fuzz: this Swift toolchain has no libFuzzer runtime (libclang_rt.fuzzer-*.a next to $swift_bin)" >&2
    exit 2
fi

# libFuzzer and ASan come with the Swift toolchain (lib/swift/clang/lib/linux/libclang_rt.*).
# SwiftPM's --sanitize=fuzzer links libFuzzer and instruments for coverage, but a second
# --sanitize=address would reach swiftc as a separate -sanitize= flag, of which the compiler keeps
# only the last (coverage silently gone); hence the one joined -sanitize=fuzzer,address for Swift
# and -fsanitize=address for C/C++ (BoringSSL, libyaml). ZONECTL_FUZZ leaves out each harness's
# replay @main, which would clash with libFuzzer's main.
build_flags=(-c release --scratch-path "$SCRATCH" --sanitize=fuzzer
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DZONECTL_FUZZ
    -Xcc -fsanitize=address -Xcxx -fsanitize=address)

# Swift's backtracer would catch the crash first and set off a bogus ASan report of its own.
export SWIFT_BACKTRACE=enable=no

failed=()
summary=()
for t in "${targets[@]}"; do
    case "$t" in
        FuzzGeoJSON) name=geojson; dict=(-dict=Fuzz/geojson.dict) ;;
        FuzzGeometry) name=geometry; dict=(-use_value_profile=1) ;;
        FuzzConfig) name=config; dict=(-dict=Fuzz/config.dict) ;;
    esac
    say "building $t (release, libFuzzer + ASan, $SCRATCH)"
    mkdir -p "$SCRATCH/fuzz"
    if ! swift build "${build_flags[@]}" --product "$t" >"$SCRATCH/fuzz/build.log" 2>&1; then
        grep -vE '^\[[0-9]+/[0-9]+\] ' "$SCRATCH/fuzz/build.log" | tail -40 >&2
        echo "fuzz: building $t failed (log: $SCRATCH/fuzz/build.log)" >&2
        exit 2
    fi
    tail -1 "$SCRATCH/fuzz/build.log"
    binary="$SCRATCH/release/$t"
    work="$SCRATCH/fuzz/corpus/$name"
    artifacts="$SCRATCH/fuzz/artifacts/$name"
    log="$SCRATCH/fuzz/$name.log"
    mkdir -p "$work" "$artifacts"
    stamp="$SCRATCH/fuzz/.$name.start"
    : >"$stamp"

    say "running $t for ${SECONDS_PER_TARGET}s (log: ${log#"$ROOT"/})"
    status=0
    "$binary" -max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" -print_final_stats=1 \
        -artifact_prefix="$artifacts/" ${dict[@]+"${dict[@]}"} ${EXTRA[@]+"${EXTRA[@]}"} \
        "$work" "Fuzz/corpus/$name" >"$log" 2>&1 || status=$?

    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
    cov="$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2 || true)"
    found="$(find "$artifacts" -type f -newer "$stamp" | sort)"
    line="$t: ${execs:-?} execs (${rate:-?}/s), coverage ${cov:-?} edges, corpus $(find "$work" -type f | wc -l) files"
    if [ "$status" -ne 0 ] || [ -n "$found" ]; then
        summary+=("$line: FAILED (exit $status)")
        failed+=("$t")
        echo "fuzz: $t failed (exit $status); the end of its log:" >&2
        grep -vE '^#[0-9]+' "$log" | tail -40 >&2
        for f in $found; do
            rel="${f#"$ROOT"/}"
            echo "fuzz: reproducer: $rel ($(stat -c %s "$f") bytes)" >&2
            # CI keeps no files: the bytes, to recreate it with `base64 -d`.
            if [ "$(stat -c %s "$f")" -le 65536 ]; then echo "fuzz:   base64:   $(base64 -w0 "$f")" >&2; fi
            echo "fuzz:   replay:   SWIFT_BACKTRACE=enable=no ${binary#"$ROOT"/} $rel" >&2
            echo "fuzz:   keep it:  cp $rel Fuzz/regressions/$name/   (then fix, and swift test --filter FuzzRegressionTests)" >&2
        done
    else
        summary+=("$line: ok")
    fi
done

printf 'fuzz: %s\n' "${summary[@]}"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]}" >&2
    exit 1
fi
