#!/usr/bin/env python3
"""The table of bench/tiles.sh, from what it left in WORK, and PASS/FAIL against the vector tiles' targets.

usage: tiles_table.py WORK

WORK/<set>/ (set: sample, corpus) holds per run NAME.ns (wall, bash's clock) and NAME.time
(/usr/bin/time -v) for tippecanoe, plain (zonectl without tiles) and tiles (with; absent
while zonectl has no tiles), archive.txt (zonectl's archive, empty while pending),
input-bytes.txt, check.json (check_tiles.py on zonectl's archive), check-tippecanoe.json,
view.json and view-tippecanoe.json (tiles_view.py), render.json (tiles_render.py).
Targets, judged on the corpus: the build with tiles <= 0.2x tippecanoe's wall time; zonectl's
archive no larger than tippecanoe's; the tile stage (with - without) <= 50 % of the build
without; peak RSS of the build with tiles <= 1.0x the input bytes; check_tiles.py passes;
under 0.5 % of pixels differ by more than 16 levels in every rendered view. Exits 1 if a target
fails (pending ones do not).
"""
import json
import os
import re
import sys

SETS = ("sample", "corpus")


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def text(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return None


def run(d, name):
    """(wall seconds, peak RSS bytes) of one timed run, or None."""
    ns, report = text(os.path.join(d, f"{name}.ns")), text(os.path.join(d, f"{name}.time"))
    if not ns or not report:
        return None
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    return int(ns) / 1e9, int(rss.group(1)) * 1024 if rss else None


def mb(n):
    return f"{n / 1e6:.2f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


def gzip_bytes(build):
    m = load(os.path.join(build, "manifest.json"))
    if not m:
        return None
    return sum(c.get("encodedBytes", c["bytes"]) for c in m["cities"])


def main():
    work = sys.argv[1]
    rows, facts = {}, {}
    pending = "pending"
    for s in SETS:
        d = os.path.join(work, s)
        if not os.path.isdir(d):
            continue
        f = facts[s] = {}
        f["input"] = int(text(os.path.join(d, "input-bytes.txt")) or 0)
        f["tippecanoe"] = run(d, "tippecanoe")
        f["tippecanoe_bytes"] = os.path.getsize(os.path.join(d, "tippecanoe.pmtiles"))
        f["plain"], f["tiles"] = run(d, "plain"), run(d, "tiles")
        archive = text(os.path.join(d, "archive.txt"))
        f["archive_bytes"] = os.path.getsize(archive) if archive and os.path.exists(archive) else None
        f["check"] = load(os.path.join(d, "check.json"))
        f["check_peer"] = load(os.path.join(d, "check-tippecanoe.json"))
        f["view"], f["view_peer"] = load(os.path.join(d, "view.json")), load(os.path.join(d, "view-tippecanoe.json"))
        f["render"] = load(os.path.join(d, "render.json"))
        f["gzip"] = gzip_bytes(os.path.join(d, "plain"))

    def cell(s, fn):
        f = facts.get(s)
        if f is None:
            return "not run"
        try:
            value = fn(f)
        except (TypeError, KeyError, ZeroDivisionError):
            value = None
        return pending if value is None else value

    def add(label, fn):
        rows[label] = [cell(s, fn) for s in SETS]

    add("input zone files", lambda f: mb(f["input"]))
    add("tippecanoe: wall, peak RSS", lambda f: f"{f['tippecanoe'][0]:.1f} s, {mb(f['tippecanoe'][1])}")
    add("tippecanoe: archive", lambda f: mb(f["tippecanoe_bytes"]))
    add("zonectl build without tiles: wall, peak RSS", lambda f: f"{f['plain'][0]:.2f} s, {mb(f['plain'][1])}")
    add("… its per-city GeoJSON (gzip)", lambda f: mb(f["gzip"]))
    add("zonectl build with tiles z0-14: wall, peak RSS",
        lambda f: f"{f['tiles'][0]:.2f} s ({f['tiles'][0] / f['tippecanoe'][0]:.2f}× tippecanoe), "
                  f"{mb(f['tiles'][1])} ({f['tiles'][1] / f['input']:.2f}× input)")
    add("… tile stage (with − without)",
        lambda f: f"{f['tiles'][0] - f['plain'][0]:+.2f} s ({(f['tiles'][0] - f['plain'][0]) / f['plain'][0]:+.0%})")
    add("… archive", lambda f: f"{mb(f['archive_bytes'])} ({f['archive_bytes'] / f['tippecanoe_bytes']:.2f}× tippecanoe)")
    add("check_tiles.py on zonectl's archive",
        lambda f: f"{'PASS' if f['check']['ok'] else 'FAIL (%d findings)' % f['check']['failures']}, "
                  f"{f['check']['tiles']:,} tiles, worst area {f['check']['area']['worst']['ratio']:.3%}, {f['check']['seconds']:.0f} s")

    def peer_check(f):
        c = f["check_peer"]
        if c is None:
            return "not run (the sample only)"
        zooms = sorted({int(m.group(1)) for line in c["failure_lines"] for m in [re.match(r"zoom (\d+): zone .* missing$", line)] if m})
        missing = f"zones missing at z{zooms[0]}-{zooms[-1]} (first {len(c['failure_lines'])} findings)" if zooms else "no zone missing"
        return f"{c['failures']} findings: {missing}; worst area {c['area']['worst']['ratio']:.2%}"

    add("check_tiles.py on tippecanoe's archive", peer_check)
    for i, zoom in enumerate((11, 14, 16)):
        def view(f, i=i):
            ours, peer = (f["view"] or {}).get("zooms"), f["view_peer"]["zooms"]
            p = peer[i]
            us = f"zonectl {mb(ours[i]['archive_bytes'])} ({ours[i]['requests']} req.)" if ours else "zonectl pending"
            return (f"{us}; tippecanoe {mb(p['archive_bytes'])} ({p['requests']} req.); "
                    f"GeoJSON {mb(p['geojson_bytes'])} ({p['geojson_files']} files)")
        add(f"390×844 view at z{zoom}: bytes fetched", view)

    def render(f):
        r = f["render"]
        who = "zonectl's style" if r["tiles_style"] == "zonectl" else "tippecanoe's archive, derived style (preview)"
        return "; ".join(f"z{z['zoom']} {z['fraction']:.2%}" for z in r["zooms"]) + f" ({who})"

    add("pixels differing > 16 levels, GeoJSON vs tiles", render)

    def floor(f):
        zooms = [z for z in f["render"]["zooms"] if "floor" in z]
        return "; ".join(f"z{z['zoom']} {z['floor']:.2%}" for z in zooms) if zooms else "not run"

    add("… GeoJSON vs MapLibre's own vertices on the archive's grid", floor)

    cities = {s: (facts[s].get("view_peer") or {}).get("city") for s in facts}
    print("| | sample (pipeline.yml) | corpus (bench/pipeline.yml) |")
    print("|---|---|---|")
    for label, cells in rows.items():
        print(f"| {label} | {' | '.join(cells)} |")
    print()
    print("Views centred on " + ", ".join(f"{s}: {c}" for s, c in cities.items() if c) + " (the median city by artifact bytes).")
    print()

    failed = False
    c = facts.get("corpus")

    def verdict(name, value, ok, target):
        nonlocal failed
        if value is None:
            print(f"{name}: pending (target {target})")
            return
        failed |= not ok
        print(f"{name}: {value} (target {target}) {'PASS' if ok else 'FAIL'}")

    if c is None:
        print("targets: judged on the corpus, which was not run")
        return 0
    t, p, tip = c["tiles"], c["plain"], c["tippecanoe"]
    verdict("whole build with tiles / tippecanoe wall", t and f"{t[0] / tip[0]:.2f}x", t and t[0] <= 0.2 * tip[0], "<= 0.2x")
    a = c["archive_bytes"]
    verdict("archive / tippecanoe's bytes", a and f"{a / c['tippecanoe_bytes']:.2f}x", a and a <= c["tippecanoe_bytes"], "<= 1.0x")
    verdict("tile stage / build without tiles", t and f"{(t[0] - p[0]) / p[0]:+.0%}", t and t[0] - p[0] <= 0.5 * p[0], "<= +50%")
    verdict("peak RSS with tiles / input", t and f"{t[1] / c['input']:.2f}x", t and t[1] <= c["input"], "<= 1.0x")
    ch = c["check"]
    verdict("check_tiles.py", ch and ("PASS" if ch["ok"] else f"{ch['failures']} findings"), ch and ch["ok"], "no finding")
    r = c["render"]
    ours = r and r["tiles_style"] == "zonectl"
    worst = max((z["fraction"] for z in r["zooms"]), default=0) if ours else None
    verdict("render, worst view", worst is not None and f"{worst:.2%}" or None, worst is not None and worst < 0.005, "< 0.5 %")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
