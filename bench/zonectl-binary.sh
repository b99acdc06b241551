# Sourced by the bench scripts: `zonectl_binary ROOT` sets ZONECTL to an absolute, executable
# zonectl: the one ZONECTL names, as it is, or this checkout's release build, built first.
zonectl_binary() {
    if [ -z "${ZONECTL:-}" ]; then
        echo "$(basename "$0"): swift build -c release --static-swift-stdlib" >&2
        swift build -c release --static-swift-stdlib --product zonectl >&2
        ZONECTL="$1/.build/release/zonectl"
    fi
    case "$ZONECTL" in /*) ;; *) ZONECTL="$PWD/$ZONECTL" ;; esac
    [ -x "$ZONECTL" ] || { echo "$(basename "$0"): error: $ZONECTL is not an executable" >&2; exit 1; }
}
